"""The toy game's German catalogue (every key of the Dutch source)."""

MESSAGES = {
    "add": "Spieler {player} zählt {amount} dazu.",
    "coin": "Die Münze fällt auf {side}.",
    "end": "Der Zähler steht auf 7: das Spiel ist aus.",
    "result": "Spieler {winner} gewinnt.",
    "refuse": "{action} ist hier nicht erlaubt.",
    "setup.target": "Ziel",
    "why.step": "Feld {square} geht nicht: der Zähler steht auf {counter}, und ein Spieler zählt 1 oder 2 dazu.",
    "why.coin": "Zuerst wird die Münze geworfen (nach jedem zweiten Zug).",
    "why.over": "Das Spiel ist aus: der Zähler steht auf {counter}.",
    "advice.win": "So kommt der Zähler auf {counter}: gewonnen.",
    "advice.add": "So steht der Zähler auf {counter}, näher an 7.",
}

WORDS: dict[str, dict[str, str]] = {}
