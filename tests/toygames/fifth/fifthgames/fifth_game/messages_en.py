"""The toy game's English catalogue (every key of the Dutch source)."""

MESSAGES = {
    "add": "Player {player} adds {amount}.",
    "coin": "The coin lands on {side}.",
    "end": "The counter stands at 7: the game is over.",
    "result": "Player {winner} wins.",
    "refuse": "{action} is not allowed here.",
    "setup.target": "Target",
    "why.step": "Square {square} is not possible: the counter stands at {counter} and a player adds 1 or 2.",
    "why.coin": "First the coin is tossed (after every second move).",
    "why.over": "The game is over: the counter stands at {counter}.",
    "advice.win": "This brings the counter to {counter}: a win.",
    "advice.add": "This brings the counter to {counter}, closer to 7.",
}

WORDS: dict[str, dict[str, str]] = {}
