"""`python -m benchmarks` runs every benchmark module in turn."""
import importlib
import pkgutil

import benchmarks

for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda m: (m.name != "engine", m.name)):
    if info.name.startswith("_"):
        continue
    module = importlib.import_module(f"benchmarks.{info.name}")
    if hasattr(module, "main"):
        print(f"\n##### benchmarks/{info.name}.py")
        module.main()
