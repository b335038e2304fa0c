// SPDX-License-Identifier: Apache-2.0
// python/by_name.cpp: the module's functions pickle by name, so that
// multiprocessing.Pool.map(ftpuri.validate, uris) and ProcessPoolExecutor work.
//
// pickle reduces a builtin function to its name only when the function's self is a module;
// pybind11 (2.10) makes its self a capsule of the function's record, which pickle cannot write.
// So each function is replaced by a stand-in: a builtin whose self is the module and whose
// __module__ is the public package, that hands its arguments on as they came (one vectorcall).
#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>

#include "binding.hpp"

namespace ftpuri_python {
namespace {

constexpr std::size_t capacity = 24; // more than the module has: checked below

// What each stand-in calls, and its name and docstring (PyMethodDef points into them). They live
// as long as the interpreter: nothing may be released after it has gone.
std::array<PyObject*, capacity> targets{};
std::array<std::string, capacity> names_of;
std::array<std::string, capacity> docs_of;
std::array<PyMethodDef, capacity> methods{};
std::size_t used = 0;

template <std::size_t I>
PyObject* call_target(PyObject* /*module*/, PyObject* const* args, Py_ssize_t count, PyObject* keywords)
{
    return PyObject_Vectorcall(targets[I], args, static_cast<std::size_t>(count), keywords);
}

template <std::size_t... I>
constexpr std::array<_PyCFunctionFastWithKeywords, capacity> make_callers(std::index_sequence<I...> /*unused*/)
{
    return {&call_target<I>...};
}
constexpr std::array<_PyCFunctionFastWithKeywords, capacity> callers =
    make_callers(std::make_index_sequence<capacity>());

} // namespace

void pickle_functions_by_name(py::module_& m, char const* public_module)
{
    py::str const module_name(public_module);
    py::list const attributes = m.attr("__dict__").attr("items")();
    for (py::handle item : attributes) {
        auto const pair = py::reinterpret_borrow<py::tuple>(item);
        py::handle const function = pair[1];
        // pybind11's functions only: a builtin whose self is a capsule.
        if (!PyCFunction_Check(function.ptr()) || !PyCapsule_CheckExact(PyCFunction_GET_SELF(function.ptr()))) continue;
        if (used == capacity) throw std::runtime_error("by_name.cpp: raise capacity");
        std::size_t const i = used++;
        targets[i] = function.inc_ref().ptr();
        names_of[i] = pair[0].cast<std::string>();
        docs_of[i] = py::str(function.attr("__doc__")); // pybind11's: its first line is the signature
        // NOLINTNEXTLINE(cppcoreguidelines-pro-type-reinterpret-cast): how CPython's METH_FASTCALL is declared
        methods[i] = {names_of[i].c_str(), reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(callers[i])),
                      METH_FASTCALL | METH_KEYWORDS, docs_of[i].c_str()};
        PyObject* const stand_in = PyCFunction_NewEx(&methods[i], m.ptr(), module_name.ptr());
        if (stand_in == nullptr) throw py::error_already_set();
        m.attr(pair[0]) = py::reinterpret_steal<py::object>(stand_in);
    }
}

} // namespace ftpuri_python
