"""The toy game's Dutch catalogue (the rulebook's language, the source)."""

MESSAGES = {
    "add": "Speler {player} telt {amount} op.",
    "coin": "De munt valt op {side}.",
    "end": "De teller staat op 7: het spel is uit.",
    "result": "Speler {winner} wint.",
    "refuse": "{action} is hier niet toegestaan.",
    "setup.target": "Doel",
    "why.step": "Vak {square} kan niet: de teller staat op {counter} en een speler telt er 1 of 2 bij op.",
    "why.coin": "Eerst wordt de munt gegooid (na elke tweede zet).",
    "why.over": "Het spel is uit: de teller staat op {counter}.",
    "advice.win": "Zo komt de teller op {counter}: gewonnen.",
    "advice.add": "Zo staat de teller op {counter}, dichter bij 7.",
}

WORDS: dict[str, dict[str, str]] = {}
