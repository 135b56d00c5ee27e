/* boxtoi.h: the exact first time of contact of two moving boxes.

   Umbrella header: include this one.  The layers, from the bottom:
   err (status codes, text buffers), poly (integer polynomials), roots
   (Sturm sequences, isolation), alg (real algebraic numbers), motion
   (polynomial 4x4 matrices), contact (the algorithm), io (exact numbers,
   the JSON Lines query format), batch (many queries per call, for
   bindings).  See doc/api.md. */
#ifndef BOXTOI_H
#define BOXTOI_H

#include "boxtoi/err.h"
#include "boxtoi/poly.h"
#include "boxtoi/roots.h"
#include "boxtoi/alg.h"
#include "boxtoi/prim.h"
#include "boxtoi/motion.h"
#include "boxtoi/contact.h"
#include "boxtoi/scene.h"
#include "boxtoi/io.h"
#include "boxtoi/batch.h"

#define BOXTOI_VERSION_STRING "0.1.0"

#endif /* BOXTOI_H */
