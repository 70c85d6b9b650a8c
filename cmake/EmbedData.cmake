# Data files compiled into the binary (src/<folder>/data/*.json, e.g. the logs message catalogue).
# Each file becomes a generated .cpp defining `const std::string_view dd::embedded::<stem>_json`
# (message_catalogue.json -> dd::embedded::message_catalogue_json) that holds the file's text as a
# raw string literal; the code that reads it declares the symbol and parses the text on first use.
# The file is regenerated when the data file changes (a build-time dependency), so an edit rebuilds.
#
# Two uses of this one file:
#   include(cmake/EmbedData.cmake); dd_embed_data(<target> <data files...>)   (CMake builds)
#   cmake -DIN=<data file> -DOUT=<.cpp> -P cmake/EmbedData.cmake            (the generator; also
#                                                                            tests/system/fuzz/run_fuzz.sh)
if(CMAKE_SCRIPT_MODE_FILE)
  get_filename_component(stem "${IN}" NAME_WE)
  get_filename_component(fname "${IN}" NAME)
  file(READ "${IN}" text)
  string(FIND "${text}" ")dd_embed\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${IN}: holds the raw-string delimiter )dd_embed\" and cannot be embedded")
  endif()
  string(MAKE_C_IDENTIFIER "${stem}_json" symbol)
  file(WRITE "${OUT}.tmp" "// Generated from ${fname} by cmake/EmbedData.cmake: edit the data file, not this one.
#include <string_view>

namespace dd::embedded {
extern const std::string_view ${symbol};
const std::string_view ${symbol} = R\"dd_embed(${text})dd_embed\";
}  // namespace dd::embedded
")
  file(RENAME "${OUT}.tmp" "${OUT}")
  return()
endif()

set(DD_EMBED_SCRIPT ${CMAKE_CURRENT_LIST_FILE})

function(dd_embed_data target)
  foreach(in ${ARGN})
    get_filename_component(name "${in}" NAME)
    file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${in})
    string(MAKE_C_IDENTIFIER "${rel}" gen)
    set(out ${CMAKE_BINARY_DIR}/embedded/${gen}.cpp)
    add_custom_command(OUTPUT ${out}
      COMMAND ${CMAKE_COMMAND} -DIN=${in} -DOUT=${out} -P ${DD_EMBED_SCRIPT}
      DEPENDS ${in} ${DD_EMBED_SCRIPT}
      COMMENT "Embedding ${name}" VERBATIM)
    target_sources(${target} PRIVATE ${out})
  endforeach()
endfunction()
