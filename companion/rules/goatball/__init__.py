"""Goat-ball (D&D 5e, Icewind Dale): passes, heat, hot throws, knock-offs, zones, bloodball."""
