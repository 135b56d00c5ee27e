"""boxtoi: the exact first time of contact of two moving boxes.

    >>> import boxtoi
    >>> r = boxtoi.first_contact({"min": [0, 0, 0], "max": [1, 1, 1]},
    ...                          {"min": [3, 0, 0], "max": [4, 1, 1]},
    ...                          motion2=[[1, 0, 0, [0, -1]], [0, 1, 0, 0],
    ...                                   [0, 0, 1, 0], [0, 0, 0, 1]],
    ...                          t_range=(0, 5))
    >>> r.status, r.t.fraction
    ('contact', Fraction(2, 1))

A Python interface to the C library libboxtoi (doc/python.md):
first_contact for one query, solve for a stream of them, and
first_contact_batch for numpy arrays.  Every number is exact: a float
given in a query is exactly its double, and a contact time is an
AlgebraicNumber compared exactly.
"""

from .numbers import AlgebraicNumber, number_text
from .query import (Contact, QueryError, Result, first_contact, query_json,
                    solve)


def first_contact_batch(*args, **kw):
    """See boxtoi.batch.first_contact_batch (needs numpy)."""
    from .batch import first_contact_batch as f
    return f(*args, **kw)


first_contact_batch.__doc__ = (
    "first_contact_batch(box1_min, box1_max, box2_min, box2_max, "
    "translation1, translation2, rotation1=None, rotation2=None, "
    "t_range=(0, 1), jobs=None)\n\n" + first_contact_batch.__doc__)

__version__ = "0.1.0"
__all__ = ["first_contact", "solve", "first_contact_batch", "QueryError",
           "Result", "Contact", "AlgebraicNumber", "number_text",
           "query_json"]
