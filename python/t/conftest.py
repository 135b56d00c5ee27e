"""Shared fixtures of the Python tests (run by t/python-t.sh with
BOXTOI_LIBRARY, BOXTOI_CLI and PYTHONPATH set to the build tree)."""

import os
import subprocess

import pytest

SRCDIR = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def cli_path():
    path = os.environ.get("BOXTOI_CLI")
    if not path or not os.access(path, os.X_OK):
        pytest.skip("the command (BOXTOI_CLI) is not built")
    return path


def run_cli(text, *args):
    """The command's output (str) for the input text (str)."""
    p = subprocess.run([cli_path(), *args], input=text.encode(),
                       stdout=subprocess.PIPE, check=False)
    return p.stdout.decode()


@pytest.fixture
def cli():
    return run_cli


@pytest.fixture
def srcdir():
    return SRCDIR
