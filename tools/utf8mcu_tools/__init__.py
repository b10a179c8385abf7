"""utf8mcu's build tools in one place: the board list, code size, stack depth
and Markdown reports. Every script under tools/, bench/tools/ and test/ that
needs one of these imports it from here (or runs `python3 tools/utf8mcu_tools
...`, see __main__.py), so each is computed one way.
"""
