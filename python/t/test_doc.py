"""The session of doc/python.md runs and prints what the page shows."""

import doctest
import os
import re


def test_doc_python_session(srcdir, monkeypatch):
    text = open(os.path.join(srcdir, "doc", "python.md")).read()
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "no python session in doc/python.md"
    monkeypatch.chdir(srcdir)  # the session reads examples/drop.jsonl
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for k, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, "doc/python.md[%d]" % k,
                                  "doc/python.md", 0)
        runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8
