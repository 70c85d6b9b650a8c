# dd_warnings: our warning set, linked PRIVATE by our own targets only (never third-party code).
add_library(dd_warnings INTERFACE)
target_compile_options(dd_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
  -Wunused -Woverloaded-virtual -Wconversion -Wsign-conversion -Wnull-dereference
  -Wdouble-promotion -Wformat=2 -Wimplicit-fallthrough)
if(DD_WERROR)
  target_compile_options(dd_warnings INTERFACE -Werror)
endif()
