/* The compiled observation encoder of mythologies (see mythenv/core/cobserve.h). Placeholder: it declines
 * every buffer, so the Python encoder runs. */
#include "cobserve.h"

static PyObject *encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "encode(state, p, out, layout) takes 4 arguments");
        return NULL;
    }
    Py_RETURN_FALSE;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))encode, METH_FASTCALL,
     "encode(state, p, out, layout) -> bool: seat p's view of state written into out (see observe.encode)"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_cobserve", NULL, -1, methods};

PyMODINIT_FUNC PyInit__cobserve(void) { return PyModule_Create(&module); }
