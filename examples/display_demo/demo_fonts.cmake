# The small font of the 21-column demo screen (sample_screens::kTerminalText),
# shared by the host demo and the firmware so both draw the same picture:
# 6x10 from xfonts-base, Latin-1, Greek, Cyrillic, punctuation, arrows, box drawing.
function(utf8mcu_demo_small_font target symbol)
  utf8mcu_display_add_font(${target} SOURCE 6x10 SYMBOL ${symbol}
    RANGES 0x20-0x7E 0xA0-0xFF 0x370-0x3FF 0x400-0x45F 0x2010-0x2027 0x20AC 0x2190-0x2195 0x2500-0x257F
      0x2713 0xFFFD)
endfunction()

# The right-to-left screen (rtl_screen.h), shared the same way: the glyph set
# presets hebrew and arabic (Unifont: letters, marks, Arabic presentation
# forms) together.
function(utf8mcu_demo_rtl_font target symbol)
  utf8mcu_display_add_font(${target} SET arabic SYMBOL ${symbol} RANGES 0x0590-0x05FF)
endfunction()
