"""Rule engines and the step simulator (engines and core are free of Django)."""
