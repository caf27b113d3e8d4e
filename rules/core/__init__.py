"""Game-independent simulator core. Must not import Django."""
