"""The visitor's "ask a question" form and the editors' admin form."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rulebooks.models import Clause, Game
from rules.core.scenario_files import scenario_ids

from .asking import NONCE_RE
from .models import EMAIL_MAX, NAME_MAX, QUESTION_MAX, QUESTION_MIN, REASON_MAX, Entry
from .positions import MAX_POSITION_URL, parse_position_url

if TYPE_CHECKING:
    # django-stubs makes these generic; Django's own classes take no type parameters.
    _ClauseChoiceField = forms.ModelMultipleChoiceField[Clause]
    _EntryModelForm = forms.ModelForm[Entry]
else:
    _ClauseChoiceField = forms.ModelMultipleChoiceField
    _EntryModelForm = forms.ModelForm

HONEYPOT = "website"
TOO_SHORT = _("Please write at least %(limit_value)d characters, so an editor can understand the question.")
NOT_A_RULEBOOK = _("This question is not about one of the rulebooks of this site.")


def clean_text(value: str, multiline: bool) -> str:
    """Drop control and format characters (keeping line breaks when ``multiline``)."""
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    keep = {"\n"} if multiline else set()
    out = []
    for ch in value:
        if ch in keep:
            out.append(ch)
        elif ch == "\t" or unicodedata.category(ch) in {"Zl", "Zp"}:
            out.append(" ")
        elif unicodedata.category(ch) in {"Cc", "Cf", "Cs", "Co"}:
            continue
        else:
            out.append(ch)
    text = "".join(out)
    if multiline:
        lines = [" ".join(line.split()) for line in text.split("\n")]
        text = "\n".join(lines)
        while "\n\n\n" in text:
            text = text.replace("\n\n\n", "\n\n")
        return text.strip()
    return " ".join(text.split())


class AskForm(forms.Form):
    question = forms.CharField(
        label=_("Your question"),
        min_length=QUESTION_MIN,
        max_length=QUESTION_MAX,
        widget=forms.Textarea(attrs={"rows": 5}),
        error_messages={
            "required": _("Please type your question."),
            "min_length": TOO_SHORT,
            "max_length": _("Please keep your question to %(limit_value)d characters (it has %(show_value)d)."),
        },
    )
    name = forms.CharField(label=_("Name (optional)"), max_length=NAME_MAX, required=False)
    email = forms.EmailField(label=_("Email (optional, for a reply)"), max_length=EMAIL_MAX, required=False)
    game = forms.CharField(
        max_length=60, widget=forms.HiddenInput, error_messages={"required": NOT_A_RULEBOOK, "max_length": NOT_A_RULEBOOK}
    )
    clause = forms.CharField(max_length=100, required=False, widget=forms.HiddenInput)
    position = forms.CharField(max_length=MAX_POSITION_URL, required=False, widget=forms.HiddenInput)
    # One per rendering of the form: the same form sent twice is stored once (faq.asking).
    nonce = forms.CharField(max_length=200, required=False, widget=forms.HiddenInput)
    # The honeypot: hidden from people and screen readers; bots fill it in.
    website = forms.CharField(label=_("Leave this field empty"), required=False, max_length=500)

    def clean_question(self) -> str:
        question = clean_text(self.cleaned_data["question"], multiline=True)
        if len(question) < QUESTION_MIN:
            raise forms.ValidationError(TOO_SHORT, code="min_length", params={"limit_value": QUESTION_MIN})
        return question

    def clean_nonce(self) -> str:
        nonce: str = self.cleaned_data["nonce"]
        return nonce if NONCE_RE.fullmatch(nonce) else ""  # a malformed nonce is ignored, not an error

    def clean_name(self) -> str:
        return clean_text(self.cleaned_data["name"], multiline=False)

    def clean_game(self) -> Game:
        game = Game.objects.filter(slug=self.cleaned_data["game"]).first()
        if game is None:
            raise forms.ValidationError(NOT_A_RULEBOOK)
        return game

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        game = data.get("game")
        anchor = data.get("clause") or ""
        data["clause_obj"] = None
        if game and anchor:
            clause = Clause.objects.filter(anchor=anchor, game=game).first()
            if clause is None:
                self.add_error(None, _("The clause “%(clause)s” is not part of this rulebook.") % {"clause": anchor[:80]})
            data["clause_obj"] = clause
        position = data.get("position") or ""
        if position:
            parsed = parse_position_url(position)
            if parsed is None or (game and parsed[1] != game.slug):
                self.add_error(None, _("The attached position is not a simulator link of this rulebook."))
        return data

    @property
    def general_errors(self) -> list[str]:
        """Errors not shown next to a visible field: the form's own and those of hidden fields."""
        # (An ErrorList yields its messages as strings.)
        errors = [str(error) for error in self.non_field_errors()]
        for name in ("game", "clause", "position"):
            errors.extend(str(error) for error in self.errors.get(name, []))
        return errors

    @property
    def is_bot(self) -> bool:
        return bool((self.data.get(HONEYPOT) or "").strip())


def clause_label(clause: Clause) -> str:
    return f"{clause.anchor} — §{clause.number} {clause.title}"


class ClauseChoiceField(_ClauseChoiceField):
    def label_from_instance(self, obj: Clause) -> str:
        return clause_label(obj)


class EntryAdminForm(_EntryModelForm):
    change_reason = forms.CharField(
        label=_("Reason for the change"),
        required=False,
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Required when you mark the entry as changed; shown to readers in the entry's history."),
    )

    class Meta:
        model = Entry
        fields = [
            "game", "slug", "question", "answer", "clauses", "scenario", "position_url", "status", "published",
            "provenance", "asked_at",
        ]  # fmt: skip
        field_classes = {"clauses": ClauseChoiceField}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        clauses = self.fields.get("clauses")
        if isinstance(clauses, forms.ModelMultipleChoiceField):
            clauses.queryset = Clause.objects.select_related("game").order_by("game__order", "position")

    def clean_scenario(self) -> str:
        scenario = (self.cleaned_data.get("scenario") or "").strip()
        game = self.cleaned_data.get("game")
        if scenario and game and scenario not in scenario_ids(game.slug):
            raise forms.ValidationError(
                _("There is no scenario “%(scenario)s” for this game.") % {"scenario": scenario[:100]}
            )
        return scenario

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        game = data.get("game")
        status = data.get("status")
        reason = (data.get("change_reason") or "").strip()
        data["change_reason"] = reason
        clauses = data.get("clauses")
        if game and clauses is not None:
            foreign = [c.anchor for c in clauses if c.game_id != game.slug]
            if foreign:
                self.add_error("clauses", _("These clauses belong to another game: %(ids)s") % {"ids": ", ".join(foreign)})
        if data.get("published"):
            if not (data.get("answer") or "").strip():
                self.add_error("answer", _("Write an answer before publishing."))
            if status not in Entry.ANSWERED_STATUSES:
                self.add_error("status", _("Only an answered (or changed) entry can be published."))
        previous = self.instance.status if self.instance.pk else None
        if status == Entry.CHANGED:
            if previous not in Entry.ANSWERED_STATUSES:
                self.add_error("status", _("Only an entry that has been answered before can be marked changed."))
            edited = any(name in self.changed_data for name in ("question", "answer", "clauses", "scenario"))
            if (previous != Entry.CHANGED or edited) and not reason:
                self.add_error("change_reason", _("Say why the entry changed: readers see the reason in its history."))
        elif reason:
            self.add_error("change_reason", _("A reason is only recorded when you set the status to “changed”."))
        return data

    @property
    def records_change(self) -> bool:
        return bool(self.cleaned_data.get("change_reason")) and self.cleaned_data.get("status") == Entry.CHANGED
