"""Build glue that pyproject.toml cannot say: the bundled content (the repository's top-level
``maps/``, ``counters/`` and ``scenarios/``) ships inside the package as
``tabletop/_bundled/maps`` etc., where ``tabletop.paths`` finds it once installed. In a
checkout (an editable install, ``PYTHONPATH``) ``tabletop.paths`` reads the top-level
folders themselves. Everything else about the package is in pyproject.toml.
"""

from setuptools import find_packages, setup

BUNDLED = ("maps", "counters", "scenarios")

setup(
    packages=[
        *find_packages(include=["tabletop", "tabletop.*"]),
        *(f"tabletop._bundled.{folder}" for folder in BUNDLED),
    ],
    package_dir={f"tabletop._bundled.{folder}": folder for folder in BUNDLED},
    package_data={f"tabletop._bundled.{folder}": ["*.yaml"] for folder in BUNDLED},
)
