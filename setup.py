"""Ship the top-level lessons/ and puzzles/ inside the package as tutor/data/,
and build the generator's optional C kernel.

They live at the top of the repository so people can read and edit them;
a regular (non-editable) install copies them into the wheel here.
"""
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).parent


class BuildWithData(build_py):
    def run(self):
        super().run()
        for name in ("lessons", "puzzles"):
            src = ROOT / name
            dst = Path(self.build_lib) / "tutor" / "data" / name
            if src.is_dir():
                shutil.rmtree(dst, ignore_errors=True)
                shutil.copytree(src, dst)


# Ten hot loops in C where the machine has a compiler: the generator's
# kernel (tutor/generate/kernel.py), the exact solver it shares with the
# engine (tutor/engine/exact.py), the general fish walk
# (tutor/engine/techniques/fish/general.py), the chain search
# (tutor/engine/techniques/chains/paths.py), the forcing family's chains
# and nets (tutor/engine/techniques/forcing/implications.py), the ALS
# chain search (tutor/engine/techniques/als/chain_search.py), the
# WXYZ-Wing search (tutor/engine/techniques/wings/pivot_wings.py), Sue de
# Coq's search of a crossing (tutor/engine/techniques/sue_de_coq/sue_de_coq.py),
# the finned-fish search of a band (tutor/engine/techniques/fish/finned.py)
# and the split of a house into locked sets
# (tutor/engine/techniques/subsets/locked_sets.py).
# When a build fails the install goes on and that code runs in pure Python,
# with the same answers.
KERNEL = Extension("tutor.generate._kernel", ["tutor/generate/_kernel.c"], optional=True,
                   depends=["tutor/engine/exact_search.h"], extra_compile_args=["-O2"])
EXACT = Extension("tutor.engine._exact", ["tutor/engine/_exact.c"], optional=True,
                  depends=["tutor/engine/exact_search.h"], extra_compile_args=["-O2"])
FISH_WALK = Extension("tutor.engine.techniques.fish._walk", ["tutor/engine/techniques/fish/_walk.c"],
                      depends=["tutor/engine/u128.h"], optional=True, extra_compile_args=["-O2"])
CHAIN_SEARCH = Extension("tutor.engine.techniques.chains._search", ["tutor/engine/techniques/chains/_search.c"],
                      optional=True, extra_compile_args=["-O2"])
PROPAGATE = Extension("tutor.engine.techniques.forcing._propagate",
                      ["tutor/engine/techniques/forcing/_propagate.c"], optional=True,
                      extra_compile_args=["-O2"])

ALS_CHAINS = Extension("tutor.engine.techniques.als._chains", ["tutor/engine/techniques/als/_chains.c"],
                       optional=True, extra_compile_args=["-O2"])
WINGS = Extension("tutor.engine.techniques.wings._wings", ["tutor/engine/techniques/wings/_wings.c"],
                  depends=["tutor/engine/u128.h"], optional=True, extra_compile_args=["-O2"])
SUE_DE_COQ = Extension("tutor.engine.techniques.sue_de_coq._crossing",
                       ["tutor/engine/techniques/sue_de_coq/_crossing.c"],
                       depends=["tutor/engine/u128.h"], optional=True, extra_compile_args=["-O2"])
FINNED_FISH = Extension("tutor.engine.techniques.fish._finned", ["tutor/engine/techniques/fish/_finned.c"],
                        optional=True, extra_compile_args=["-O2"])
SUBSETS = Extension("tutor.engine.techniques.subsets._sides", ["tutor/engine/techniques/subsets/_sides.c"],
                    optional=True, extra_compile_args=["-O2"])

setup(cmdclass={"build_py": BuildWithData},
      ext_modules=[KERNEL, EXACT, FISH_WALK, CHAIN_SEARCH, PROPAGATE, ALS_CHAINS, WINGS, SUE_DE_COQ,
                   FINNED_FISH, SUBSETS])
