"""What a wheel (`pip install .`, `pipx install .`) carries besides the code.

The app reads decks, fonts, its icon, rules pages and catalogues at run time
(`tentable.resources`). They stay in the repository's top-level folders; the wheel maps
each folder into the package, under `tentable/shipped/`, with the layout it has here
and in the frozen build, so `tentable.resources` finds them there. Everything else
about the package is in pyproject.toml.
"""
from setuptools import find_packages, setup

# folder -> the files in it the app reads (fonts travel with their licence)
SHIPPED = {
    "decks": ["*.yaml"],
    "assets": ["fonts/*.ttf", "fonts/OFL.txt", "icons/tentable.png", "sounds/*.ogg"],
    "docs/rules": ["*.md", "*/*.md"],
    "locale": ["*/LC_MESSAGES/*.mo"],
}


def package(folder: str) -> str:
    return "tentable.shipped." + folder.replace("/", ".")


setup(
    packages=find_packages(include=["tentable", "tentable.*"]) + [package(f) for f in SHIPPED],
    package_dir={package(folder): folder for folder in SHIPPED},
    # the tutorials' scripts live beside their reader, tentable/tutorial.py (#43)
    package_data={"tentable": ["tutorials/*.yaml"],
                  **{package(folder): files for folder, files in SHIPPED.items()}},
)
