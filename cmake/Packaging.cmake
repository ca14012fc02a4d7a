# Debian packages made by CPack (`cpack -G DEB` in the build folder), one per install component:
#   sudokucam      the program, its model and its page (component runtime)
#   sudokucam-dev  the libraries, public headers, CMake package and pkg-config files (dev)
#   python3-sudokucam  the Python module (python), when it is built
# dpkg-shlibdeps (dpkg-dev) declares the runtime libraries the program links. Configure with
# -DCMAKE_INSTALL_PREFIX=/usr for a package: the program looks for its model and page where the
# configured prefix puts them, and the package installs them under that same prefix.
set(CPACK_PACKAGE_NAME sudokucam)
set(CPACK_PACKAGE_VENDOR "sudokucam developers")
set(CPACK_PACKAGE_CONTACT "sudokucam developers <sudokucam@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Reads a Sudoku from a camera photo and solves it")
set(CPACK_PACKAGE_DESCRIPTION
  "sudokucam finds a Sudoku grid in a photo, straightens it, reads every printed and hand-written digit, solves the board with explained human-style steps and draws the solution, candidates, a hint or the check of a person's entries back onto the photo. It reads one photo, whole folders or a live camera, and serves a helper page (sudokucam serve).")
set(CPACK_PACKAGING_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL runtime dev)
if(TARGET sudokucam_python)
  list(APPEND CPACK_COMPONENTS_ALL python)
endif()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)

set(CPACK_DEBIAN_RUNTIME_PACKAGE_NAME sudokucam)
# Tesseract's language data: the `--engine tesseract` reader loads eng.traineddata at run time.
set(CPACK_DEBIAN_RUNTIME_PACKAGE_DEPENDS "tesseract-ocr-eng")
set(CPACK_COMPONENT_RUNTIME_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME sudokucam-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
# The static vision library links OpenCV, Tesseract, libheif and giflib into its user's program.
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
  "libopencv-dev, libtesseract-dev, libleptonica-dev, libheif-dev, libgif-dev")
set(CPACK_COMPONENT_DEV_DEPENDS runtime)
set(CPACK_COMPONENT_DEV_DESCRIPTION
  "The sudokucam libraries for C++20 programs: sudokucam::solver (no dependency) and sudokucam::vision (the one-call photo reader, with OpenCV and Tesseract), found with find_package(sudokucam) or pkg-config.")

set(CPACK_DEBIAN_PYTHON_PACKAGE_NAME python3-sudokucam)
set(CPACK_DEBIAN_PYTHON_PACKAGE_SECTION python)
# Built for Debian 12's python3 (3.11); decode_image answers with numpy arrays. The model it
# reads with is in the sudokucam package.
set(CPACK_DEBIAN_PYTHON_PACKAGE_DEPENDS "python3 (>= 3.11), python3 (<< 3.12), python3-numpy")
set(CPACK_COMPONENT_PYTHON_DEPENDS runtime)
set(CPACK_COMPONENT_PYTHON_DESCRIPTION
  "The sudokucam module for Python 3: sudokucam.read(path, bytes or numpy image) gives the reading as read --json does; solve, hint, grade and generate take and give puzzle strings.")

include(CPack)
