# Cross-compiling for 64-bit Windows with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix: the
# POSIX thread model, so std::thread and std::mutex work). Used by windows/CMakeLists.txt through
# scripts/build-windows.sh; the result runs on Windows 10+ and under wine64.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(DD_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${DD_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${DD_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${DD_MINGW_TRIPLE}-windres)
# Libraries and headers for the target come only from the mingw sysroot (libz-mingw-w64-dev);
# header-only libraries from the host are added by path in windows/CMakeLists.txt.
set(CMAKE_FIND_ROOT_PATH /usr/${DD_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
