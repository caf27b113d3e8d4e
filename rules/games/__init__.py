"""One package per game: engine, board geometry, SVG view-model, scenarios/*.toml."""
