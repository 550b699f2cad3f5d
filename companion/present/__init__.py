"""Turn rules results into chat cards and canvas overlays, as data first and text second.

A card names each line by an i18n key (the Foundry module's `lang/*.json` carry the same keys)
with its data, and also carries an English rendering for the CLI and the status page.
"""
