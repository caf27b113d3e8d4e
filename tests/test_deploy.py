"""Production settings: `check --deploy` is clean when the environment is set properly."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_manage(*args, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    full_env.update(env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=full_env, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_reports_no_issues():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SETTINGS_MODULE="rulesite.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="a-long-random-production-key-9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a",
        DJANGO_ALLOWED_HOSTS="rules.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_missing_secret_key_in_production_fails_loudly():
    result = run_manage("check", DJANGO_SETTINGS_MODULE="rulesite.settings", DJANGO_DEBUG="0")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in result.stderr


def test_database_url_selects_postgresql():
    code = "from django.conf import settings; print(settings.DATABASES['default']['ENGINE'])"
    result = run_manage(
        "shell",
        "-c",
        code,
        DJANGO_SETTINGS_MODULE="rulesite.settings",
        DJANGO_DEBUG="1",
        DATABASE_URL="postgres://user:pw@localhost:5432/rules",
    )
    assert result.stdout.strip().splitlines()[-1] == "django.db.backends.postgresql", result.stderr
