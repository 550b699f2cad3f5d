"""The companion's pages, one blueprint per file and named for it: the status page, the
spectator board and its box score, and the Foundry module's files. They answer HTML, scripts
and files; the JSON API is server/api/."""
