/* lib/contact/dirs.h: the table of the 15 directions (contact_dir,
   impl.h), written once as an initializer: planes.c defines the
   library's contact_dirs with it, and kernel.h a static copy of its
   own, so that a kernel function inlined with a constant direction
   (a loop over the directions unrolled) reads the components as
   constants (doc/performance.md, "Issue 16: doubles and 9-bit
   translational").

   The directions, written out from doc/algorithm.md §3.2:
   - e_k (box 1's face k; the seed's static vertex with a moving
     octant): n . e_m = [m = k], n . a_m = A_km;
   - a_{k+1} x a_{k+2} = row k of adj(A) (box 2's face k): n . e_m =
     adj_km, n . a_m = det A [m = k];
   - e_i x a_j (edge-edge, direction 6 + 3 i + j): n . e_{i+1} =
     -A_{i+2,j}, n . e_{i+2} = A_{i+1,j}; n . a_k = e_i . (a_j x a_k) =
     +-adj_{l,i} for k != j, l the third index, + when (j, k, l) is
     cyclic.
   (indices mod 3; a zero component is {0, Q_ONE}.) */
#ifndef BOXTOI_CONTACT_DIRS_H
#define BOXTOI_CONTACT_DIRS_H

#define CONTACT_DIRS_TABLE \
{ \
    /*  0: e_0: box 1's faces */ \
    {{{1, Q_ONE}, {0, Q_ONE}, {0, Q_ONE}}, \
     {{1, Q_A(0, 0)}, {1, Q_A(0, 1)}, {1, Q_A(0, 2)}}, "face-vertex"}, \
    /*  1: e_1: box 1's faces */ \
    {{{0, Q_ONE}, {1, Q_ONE}, {0, Q_ONE}}, \
     {{1, Q_A(1, 0)}, {1, Q_A(1, 1)}, {1, Q_A(1, 2)}}, "face-vertex"}, \
    /*  2: e_2: box 1's faces */ \
    {{{0, Q_ONE}, {0, Q_ONE}, {1, Q_ONE}}, \
     {{1, Q_A(2, 0)}, {1, Q_A(2, 1)}, {1, Q_A(2, 2)}}, "face-vertex"}, \
    /*  3: row 0 of adj(A): box 2's faces */ \
    {{{1, Q_ADJ(0, 0)}, {1, Q_ADJ(0, 1)}, {1, Q_ADJ(0, 2)}}, \
     {{1, Q_DET}, {0, Q_ONE}, {0, Q_ONE}}, "vertex-face"}, \
    /*  4: row 1 of adj(A): box 2's faces */ \
    {{{1, Q_ADJ(1, 0)}, {1, Q_ADJ(1, 1)}, {1, Q_ADJ(1, 2)}}, \
     {{0, Q_ONE}, {1, Q_DET}, {0, Q_ONE}}, "vertex-face"}, \
    /*  5: row 2 of adj(A): box 2's faces */ \
    {{{1, Q_ADJ(2, 0)}, {1, Q_ADJ(2, 1)}, {1, Q_ADJ(2, 2)}}, \
     {{0, Q_ONE}, {0, Q_ONE}, {1, Q_DET}}, "vertex-face"}, \
    /*  6: e_0 x a_0 */ \
    {{{0, Q_ONE}, {-1, Q_A(2, 0)}, {1, Q_A(1, 0)}}, \
     {{0, Q_ONE}, {1, Q_ADJ(2, 0)}, {-1, Q_ADJ(1, 0)}}, "edge-edge"}, \
    /*  7: e_0 x a_1 */ \
    {{{0, Q_ONE}, {-1, Q_A(2, 1)}, {1, Q_A(1, 1)}}, \
     {{-1, Q_ADJ(2, 0)}, {0, Q_ONE}, {1, Q_ADJ(0, 0)}}, "edge-edge"}, \
    /*  8: e_0 x a_2 */ \
    {{{0, Q_ONE}, {-1, Q_A(2, 2)}, {1, Q_A(1, 2)}}, \
     {{1, Q_ADJ(1, 0)}, {-1, Q_ADJ(0, 0)}, {0, Q_ONE}}, "edge-edge"}, \
    /*  9: e_1 x a_0 */ \
    {{{1, Q_A(2, 0)}, {0, Q_ONE}, {-1, Q_A(0, 0)}}, \
     {{0, Q_ONE}, {1, Q_ADJ(2, 1)}, {-1, Q_ADJ(1, 1)}}, "edge-edge"}, \
    /* 10: e_1 x a_1 */ \
    {{{1, Q_A(2, 1)}, {0, Q_ONE}, {-1, Q_A(0, 1)}}, \
     {{-1, Q_ADJ(2, 1)}, {0, Q_ONE}, {1, Q_ADJ(0, 1)}}, "edge-edge"}, \
    /* 11: e_1 x a_2 */ \
    {{{1, Q_A(2, 2)}, {0, Q_ONE}, {-1, Q_A(0, 2)}}, \
     {{1, Q_ADJ(1, 1)}, {-1, Q_ADJ(0, 1)}, {0, Q_ONE}}, "edge-edge"}, \
    /* 12: e_2 x a_0 */ \
    {{{-1, Q_A(1, 0)}, {1, Q_A(0, 0)}, {0, Q_ONE}}, \
     {{0, Q_ONE}, {1, Q_ADJ(2, 2)}, {-1, Q_ADJ(1, 2)}}, "edge-edge"}, \
    /* 13: e_2 x a_1 */ \
    {{{-1, Q_A(1, 1)}, {1, Q_A(0, 1)}, {0, Q_ONE}}, \
     {{-1, Q_ADJ(2, 2)}, {0, Q_ONE}, {1, Q_ADJ(0, 2)}}, "edge-edge"}, \
    /* 14: e_2 x a_2 */ \
    {{{-1, Q_A(1, 2)}, {1, Q_A(0, 2)}, {0, Q_ONE}}, \
     {{1, Q_ADJ(1, 2)}, {-1, Q_ADJ(0, 2)}, {0, Q_ONE}}, "edge-edge"}, \
}

#endif /* BOXTOI_CONTACT_DIRS_H */
