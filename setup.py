"""Build glue that pyproject.toml cannot say: the bundled content (the repository's top-level
``maps/``, ``counters/`` and ``scenarios/``) ships inside the package as
``tabletop/_bundled/maps`` etc., where ``tabletop.paths`` finds it once installed, and so
does the user guide (``docs/*.md`` and their pictures, for Help > User Guide; not
``docs/dev/``, which is for developers). In a checkout (an editable install,
``PYTHONPATH``) ``tabletop.paths`` reads the top-level folders themselves. Everything else
about the package is in pyproject.toml.
"""

from setuptools import find_packages, setup

BUNDLED = ("maps", "counters", "scenarios")
PICTURES = ["*.png", "*.jpg"]
DOCS = {"docs": ["*.md", *PICTURES], "docs.images": PICTURES}
"""The guide's folders (as package names) and what of each ships."""

setup(
    packages=[
        *find_packages(include=["tabletop", "tabletop.*"]),
        *(f"tabletop._bundled.{folder}" for folder in (*BUNDLED, *DOCS)),
    ],
    package_dir={
        **{f"tabletop._bundled.{folder}": folder for folder in BUNDLED},
        **{f"tabletop._bundled.{name}": name.replace(".", "/") for name in DOCS},
    },
    package_data={
        **{f"tabletop._bundled.{folder}": ["*.yaml"] for folder in BUNDLED},
        **{f"tabletop._bundled.{name}": files for name, files in DOCS.items()},
    },
)
