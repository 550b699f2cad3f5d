"""The companion's blueprints, one per area; each route is a thin adapter onto the rules."""
