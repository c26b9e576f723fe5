/* The engine's exact solver (exact.py, solve_masks) in C: the same search,
 * the same count and first solution, about 18 times faster
 * (docs/benchmarks.md).  The search itself is in exact_search.h, which the
 * generator's kernel shares.
 *
 * Optional: setup.py builds it where the machine has a C compiler, and
 * exact.py falls back to its own Python search otherwise (or when
 * SUDOKU_TUTOR_PURE_PYTHON is set).  tests/engine/test_exact.py checks that
 * both give the same answers.
 *
 *   count(masks, limit=2) -> (count, first solution or None)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "exact_search.h"

static PyMethodDef METHODS[] = {
    {"count", k_count, METH_VARARGS, "count(masks, limit=2) -> (solutions up to limit, first solution)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "_exact", NULL, -1, METHODS};

PyMODINIT_FUNC PyInit__exact(void) {
    init_tables();
    PyObject *module = PyModule_Create(&MODULE);
    /* exact.py uses a build whose ABI it knows: bump both on any change of
     * what count takes or gives */
    if (module && PyModule_AddIntConstant(module, "ABI", 1) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
