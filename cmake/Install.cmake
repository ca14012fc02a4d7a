# What `cmake --install` puts in place for other projects, beside the program, its model and its
# page: the CMake package (find_package(sudokucam)) and the pkg-config files. The libraries and
# their public headers are installed by solver/ and vision/.
include(CMakePackageConfigHelpers)
set(SUDOKU_CMAKE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/sudokucam)

install(EXPORT sudokucam-solver-targets NAMESPACE sudokucam::
  DESTINATION ${SUDOKU_CMAKE_PACKAGE_DIR} COMPONENT dev)
if(TARGET sudoku_vision)
  install(EXPORT sudokucam-vision-targets NAMESPACE sudokucam::
    DESTINATION ${SUDOKU_CMAKE_PACKAGE_DIR} COMPONENT dev)
endif()
configure_package_config_file(cmake/sudokucamConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/sudokucamConfig.cmake
  INSTALL_DESTINATION ${SUDOKU_CMAKE_PACKAGE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/sudokucamConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/sudokucamConfig.cmake
  ${CMAKE_CURRENT_BINARY_DIR}/sudokucamConfigVersion.cmake
  DESTINATION ${SUDOKU_CMAKE_PACKAGE_DIR} COMPONENT dev)

# pkg-config files that find their prefix from where they are (${pcfiledir}), so that
# `cmake --install --prefix` anywhere gives working ones.
set(SUDOKU_PKGCONFIG_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH SUDOKU_PC_TO_PREFIX /prefix/${SUDOKU_PKGCONFIG_DIR} /prefix)
set(sudoku_pc_files sudokucam-solver)
if(TARGET sudoku_vision)
  list(APPEND sudoku_pc_files sudokucam)
endif()
foreach(pc IN LISTS sudoku_pc_files)
  configure_file(cmake/${pc}.pc.in ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/${pc}.pc DESTINATION ${SUDOKU_PKGCONFIG_DIR}
    COMPONENT dev)
endforeach()
