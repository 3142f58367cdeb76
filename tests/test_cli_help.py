"""Every ``mythenv`` command and option explains itself (issue 45): walks the argparse tree of
``mythenv`` and of the two parsers it hands over to (``mythenv ladder``, ``mythenv bench``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import pytest

from mythenv import cli


def _walk(parser: argparse.ArgumentParser, path: str):
    """(path, parser) of ``parser`` and every subcommand under it."""
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _walk(sub, f"{path} {name}")


def _missing(parser: argparse.ArgumentParser, path: str, top: bool) -> list[str]:
    out = []
    if not top and not (parser.description or "").strip():
        out.append(f"`{path}` has no description")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:  # the one-line help of each subcommand
                if not (choice.help or "").strip():
                    out.append(f"`{path} {choice.dest}` has no one-line help")
            continue
        if action.help == argparse.SUPPRESS:
            continue
        if not (action.help or "").strip():
            out.append(f"`{path}` {'/'.join(action.option_strings) or action.dest} has no help")
    return out


def _captured(main, argv) -> argparse.ArgumentParser:
    """The parser ``main(argv)`` builds (caught as it parses)."""

    class Caught(Exception):
        pass

    orig = argparse.ArgumentParser.parse_args

    def catch(self, *a, **k):
        raise Caught(self)

    argparse.ArgumentParser.parse_args = catch
    try:
        main(argv)
    except Caught as c:
        return c.args[0]
    finally:
        argparse.ArgumentParser.parse_args = orig
    raise AssertionError("no parser was built")


def test_every_mythenv_command_and_option_has_help():
    problems = []
    for path, parser in _walk(cli.build_parser(), "mythenv"):
        problems += _missing(parser, path, top=path == "mythenv")
    assert not problems, "\n".join(problems)


def test_the_commands_that_hand_over_their_arguments_explain_them_too():
    from mythenv.eval.ladder import main as ladder_main

    sys.path.insert(0, str(Path(cli.__file__).resolve().parent.parent))
    try:
        from benchmarks.bench import main as bench_main
    finally:
        sys.path.pop(0)
    problems = []
    for name, main in (("mythenv ladder", ladder_main), ("mythenv bench", bench_main)):
        problems += _missing(_captured(main, []), name, top=False)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("command", ["", "play", "serve", "arena", "replay", "evaluate", "train"])
def test_help_says_what_values_and_defaults_mean(command, capsys):
    """``--help`` runs (exit 0) and names the values: the address and port of serve, --config KEY=VALUE."""
    with pytest.raises(SystemExit) as e:
        cli.main(([command] if command else []) + ["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert "examples:" in out
    if command == "serve":
        assert "127.0.0.1" in out and "default 8000" in out
    if command in ("play", "arena"):
        assert "KEY=VALUE" in out and "JSON" in out and "default: heuristic,random" in out
