"""Ballcourt: a GM-assist companion for fantasy ball sports in Foundry VTT."""

__version__ = "0.1.0"
