"""solve: order, threads, bounded memory; first_contact from several
threads at once."""

import itertools
import threading

import boxtoi
import qgen


def test_threads_give_the_same_results_in_order():
    qs = qgen.queries(400, seed=5)
    one = [r.json for r in boxtoi.solve(qs, jobs=1)]
    for jobs, chunk in ((2, 7), (4, 64), (3, 1)):
        assert [r.json for r in boxtoi.solve(qs, jobs=jobs,
                                             chunk=chunk)] == one
    assert [r.id for r in boxtoi.solve(qs, jobs=2)] == \
        ["q%d" % i for i in range(400)]
    # JSON strings and dicts are the same queries
    assert [r.json for r in boxtoi.solve(
        [qgen.cli_line(q) for q in qs], jobs=2)] == one


def test_bounded_memory_on_an_endless_stream():
    taken = itertools.count()
    qs = qgen.queries(50, seed=6)

    def endless():
        for i in taken:
            yield qs[i % 50]
    gen = boxtoi.solve(endless(), jobs=2, chunk=16)
    first = list(itertools.islice(gen, 100))
    assert len(first) == 100
    # no more than 2 * jobs chunks are read ahead of what was yielded
    assert next(taken) <= 100 + 2 * 2 * 16 + 16
    gen.close()


def test_first_contact_from_threads():
    qs = qgen.queries(120, seed=8)
    want = [r.json for r in boxtoi.solve(qs)]
    got = [None] * len(qs)

    def work(k):
        for i in range(k, len(qs), 4):
            q = qs[i]
            try:
                r = boxtoi.first_contact(q["box1"], q["box2"],
                                         q.get("motion1"), q.get("motion2"),
                                         q["t_range"], id=q["id"])
                got[i] = r.json
            except boxtoi.QueryError as e:
                got[i] = e
    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == want



def test_the_gil_is_released_during_a_call():
    # ctypes releases the GIL around a foreign call unless the function
    # comes from a PyDLL (FUNCFLAG_PYTHONAPI); the package must use a
    # CDLL for every function it calls.
    import ctypes
    from boxtoi import _lib
    assert type(_lib.lib) is ctypes.CDLL
    for name in ("boxtoi_io_process_lines", "boxtoi_batch_rigid"):
        f = getattr(_lib.lib, name)
        assert not f._flags_ & ctypes._FUNCFLAG_PYTHONAPI
    # observed too (a weaker check: Python code around the call may also
    # yield): the main thread counts while another thread is in C
    lines = [qgen.cli_line(q).encode() for q in qgen.queries(100, seed=4)]
    counter = [0]
    during = []

    def work():
        c0 = counter[0]
        _lib.process_lines(lines * 20)
        during.append(counter[0] - c0)
    t = threading.Thread(target=work)
    t.start()
    while t.is_alive():
        counter[0] += 1
    t.join()
    assert during[0] > 0
