# Pyodide as ui/page/ uses it (typings/js.pyi says why these stubs).
