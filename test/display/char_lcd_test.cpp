// The character-LCD back end (char_lcd.h) and the HD44780 driver against a
// controller model written from the datasheet (hd44780_model.h). Screens are
// read back through the model's own ROM tables and compared character by
// character with hand-written expected screens: a CGRAM cell must show the
// expected character's glyph as the renderer draws it from the same 5x8 font
// (the back end's CGRAM glyphs are that font's table made by make_font.py).
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include <utility>

#include "char_lcd_test_font_5x8.h"
#include "char_lcd_test_glyphs_5x8.h"
#include "display_test_support.h"
#include "hd44780_model.h"
#include "utf8mcu/display/char_lcd.h"

namespace {

using namespace utf8mcu::display;
using lcd_model::Hd44780Model;
using lcd_model::ModelBus;
using lcd_model::Rom;

const Font& kFont = fonts::kCharLcdFont5x8;
const CharLcdGlyphs& kGlyphs = fonts::kCharLcdGlyphs5x8;

// The driver keeps a reference to its bus, and the PCF8574 bus the address of
// its link: temporaries are refused at compile time.
static_assert(std::is_constructible<Hd44780, const Hd44780Bus&, const Hd44780Geometry&>::value, "a named bus");
static_assert(!std::is_constructible<Hd44780, Hd44780Bus, const Hd44780Geometry&>::value, "a temporary bus");
template <typename Link, typename = void>
struct MakesBus : std::false_type {};
template <typename Link>
struct MakesBus<Link, decltype(void(pcf8574_hd44780_bus(std::declval<Link>())))> : std::true_type {};
static_assert(MakesBus<const Pcf8574Link&>::value, "a named link");
static_assert(!MakesBus<Pcf8574Link>::value, "a temporary link");

enum class Wiring : std::uint8_t { kFourBit, kEightBit, kPcf8574 };

// A model, its bus, the driver and the back end, wired together.
template <class BackEnd>
struct BasicRig {
  BasicRig(Rom rom, const Hd44780Geometry& geometry, Wiring wiring)
      : model(rom, geometry.columns, geometry.rows, wiring != Wiring::kEightBit, geometry.right_half_on_line_2),
        link(bus_into(model).expander(0x27)),
        bus(wiring == Wiring::kPcf8574 ? pcf8574_hd44780_bus(link) : bus_into(model).parallel(wiring == Wiring::kFourBit)),
        lcd(bus, geometry),
        back_end(lcd, rom == Rom::kA00 ? kCharLcdRomA00 : kCharLcdRomA02, kGlyphs) {}

  ModelBus& bus_into(Hd44780Model& target) {
    model_bus.model = &target;
    return model_bus;
  }

  PanelStatus write(int row, const char* utf8) {
    std::size_t size = 0;
    while (utf8[size] != '\0') ++size;
    return back_end.write_line(row, utf8, size);
  }

  ModelBus model_bus;
  Hd44780Model model;
  Pcf8574Link link;
  Hd44780Bus bus;
  Hd44780 lcd;
  BackEnd back_end;
};
using Rig = BasicRig<CharLcd>;
using ComposingRig = BasicRig<ComposingCharLcd>;

// Decodes `text` into `out` (at most 40), returns the count.
int decode(const char* text, char32_t* out) {
  int count = 0;
  auto sink = [&](char32_t code_point) {
    if (count < 40) out[count++] = code_point;
  };
  std::size_t size = 0;
  while (text[size] != '\0') ++size;
  display_test::feed_bytes(text, size, sink);
  return count;
}

// True if CGRAM glyph `code` shows `expected` as the renderer draws it.
bool glyph_shows(const Hd44780Model& model, std::uint8_t code, char32_t expected) {
  std::uint8_t buffer[mono_buffer_size(8, 8)] = {};
  MonoFramebuffer picture(buffer, 8, 8);
  draw_code_point(picture, FontChain(kFont), expected, 0, 0, Rect{0, 0, 8, 8}, kLitOnDark);
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 5; ++x) {
      if (picture.get_pixel(x, y) != model.glyph_dot(code, y, x)) return false;
    }
  }
  return true;
}

// The model's screen against `lines` (UTF-8, one per row, padded with spaces).
bool screen_is(const Hd44780Model& model, std::initializer_list<const char*> lines) {
  bool same = true;
  int row = 0;
  for (const char* line : lines) {
    char32_t expected[40];
    const int count = decode(line, expected);
    for (int column = 0; column < model.columns(); ++column) {
      const char32_t want = column < count ? expected[column] : U' ';
      const std::uint8_t code = model.code_at(row, column);
      const bool ok = code < 0x10 ? glyph_shows(model, code, want) : model.character_at(row, column) == want;
      if (!ok) {
        utest::log() << "  row " << row << " column " << column << ": code " << utest::hex(code) << " shows "
                     << model.character_at(row, column) << ", expected " << want << '\n';
        same = false;
      }
    }
    ++row;
  }
  return same;
}

void expect_clean(const Hd44780Model& model) {
  EXPECT_EQ(model.timing_violations(), 0);
  EXPECT_EQ(model.glyph_changes_under_visible_cells(), 0);
  EXPECT_EQ(model.invalid_addresses(), 0);
  EXPECT_EQ(model.reads(), 0);
  EXPECT_EQ(model.rs_changes_within_byte(), 0);
}

// The library's Unicode-to-code tables against the model's code-to-Unicode
// tables: every character the model's ROM shows maps to a code showing it.
UTEST(CharLcd, RomTablesAgreeWithTheModel) {
  for (const Rom rom : {Rom::kA00, Rom::kA02}) {
    const CharLcdRom& table = rom == Rom::kA00 ? kCharLcdRomA00 : kCharLcdRomA02;
    int characters = 0;
    for (int code = 0x10; code <= 0xFF; ++code) {
      const char32_t shown = lcd_model::rom_character(rom, static_cast<std::uint8_t>(code));
      if (shown == 0) continue;
      ++characters;
      const int mapped = char_lcd_rom_code(table, shown);
      if (mapped < 0 || lcd_model::rom_character(rom, static_cast<std::uint8_t>(mapped)) != shown) {
        utest::log() << "  ROM " << (rom == Rom::kA00 ? "A00" : "A02") << " code " << utest::hex(code) << " shows "
                     << shown << ", the back end maps it to " << mapped << '\n';
        UTEST_ADD_FAILURE("ROM table mismatch");
      }
    }
    // A00: 96 in 20-7F, 63 katakana, 29 in E0-FF; A02: 16 in 10-1F, 96 in 20-7F, 31 in 80-9F, 95 in A0-FF.
    EXPECT_EQ(characters, rom == Rom::kA00 ? 188 : 238);
  }
  // And the other way: no code the back end sends for a ROM character shows another one.
  struct Table {
    Rom rom;
    const std::uint16_t* code_points;
    const std::uint8_t* codes;
    std::size_t size;
  };
  for (const Table table : {Table{Rom::kA00, detail::kA00CodePoints, detail::kA00Codes, sizeof(detail::kA00Codes)},
                            Table{Rom::kA02, detail::kA02CodePoints, detail::kA02Codes, sizeof(detail::kA02Codes)}}) {
    const CharLcdRom& rom = table.rom == Rom::kA00 ? kCharLcdRomA00 : kCharLcdRomA02;
    for (std::size_t i = 0; i < table.size; ++i) {
      const char32_t code_point = table.code_points[i];
      EXPECT_EQ(char_lcd_rom_code(rom, code_point), int{table.codes[i]});  // through the packed map
      EXPECT_EQ(lcd_model::rom_character(table.rom, table.codes[i]),
                code_point == 0x00B5 ? char32_t{0x03BC}     // MICRO SIGN drawn as mu
                : code_point == 0x2126 ? char32_t{0x03A9}   // OHM SIGN drawn as omega
                : code_point == 0x00B0 ? char32_t{0xFF9F}   // A00: degree drawn as the semi-voiced mark
                : code_point == 0x3001 ? char32_t{0xFF64}   // A00: CJK punctuation drawn half-width
                : code_point == 0x3002 ? char32_t{0xFF61}
                : code_point == 0x300C ? char32_t{0xFF62}
                : code_point == 0x300D ? char32_t{0xFF63}
                                       : code_point);
    }
  }
}

// With no CGRAM glyphs, letters and signs no ROM has show as their
// documented transliterations (docs/display.md, step 7), Greek and Cyrillic
// letters as one Latin letter; what has none as the replacement.
UTEST(CharLcd, TransliterationsWithoutGlyphs) {
  const CharLcdGlyphs none{nullptr, nullptr, 0};
  struct Case {
    Rom rom;
    const char* text;
    const char* shown;
  };
  for (const Case& test :
       {Case{Rom::kA00, "Straße Æsir œuvre Øl đ", "Strasse AEsir oeuvre Ol d"},
        Case{Rom::kA00, "a–b—c “q” ‘s’ … 5€ ™", "a-b-c \"q\" 's' .. 5E TM"},
        Case{Rom::kA00, "«x» ·ж ψ Þ", "<<x>> .z p Th"},
        Case{Rom::kA02, "œ ™ € ж ψ ⅓", "oe TM E Ж p \u00BF"}}) {
    Hd44780Model model(test.rom, 20, 1, true);
    ModelBus into;
    into.model = &model;
    const Hd44780Bus bus = into.parallel(true);
    Hd44780 lcd(bus, Hd44780Geometry{20, 1});
    CharLcd back_end(lcd, test.rom == Rom::kA00 ? kCharLcdRomA00 : kCharLcdRomA02, none);
    ASSERT_EQ(back_end.init(), PanelStatus::kOk);
    std::size_t size = 0;
    while (test.text[size] != '\0') ++size;
    ASSERT_EQ(back_end.write_line(0, test.text, size), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(model, {test.shown}));
  }
}

UTEST(CharLcd, InitOverEveryWiring) {
  for (const Wiring wiring : {Wiring::kFourBit, Wiring::kEightBit, Wiring::kPcf8574}) {
    Rig rig(Rom::kA02, kHd44780_20x4, wiring);
    ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
    EXPECT_TRUE(rig.model.display_on());
    EXPECT_FALSE(rig.model.cursor_on());
    EXPECT_TRUE(rig.model.two_lines());
    EXPECT_TRUE(rig.model.increment());
    EXPECT_FALSE(rig.model.entry_shift());
    EXPECT_EQ(rig.model.eight_bit(), wiring == Wiring::kEightBit);
    expect_clean(rig.model);
    ASSERT_EQ(rig.write(3, "20x4, line 4"), PanelStatus::kOk);
    ASSERT_EQ(rig.write(2, "line 3"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"", "", "line 3", "20x4, line 4"}));
    expect_clean(rig.model);
    if (wiring == Wiring::kPcf8574) {
      EXPECT_TRUE(rig.model.backlight());
      EXPECT_EQ(rig.model_bus.last_address, 0x27);
    }
  }
}

// The model's timing check can fail: waits cut short are counted.
UTEST(CharLcd, ModelCatchesShortWaits) {
  Hd44780Model model(Rom::kA00, 16, 2, true);
  ModelBus into;
  into.model = &model;
  Hd44780Bus bus = into.parallel(true);
  bus.delay_us = [](void* context, std::uint32_t microseconds) {
    static_cast<ModelBus*>(context)->model->wait_us(microseconds / 2);
  };
  Hd44780 lcd(bus, kHd44780_16x2);
  ASSERT_EQ(lcd.init(), PanelStatus::kOk);
  EXPECT_GT(model.timing_violations(), 0);
}

// A 4-bit interface left half-way through a byte resynchronises in init().
UTEST(CharLcd, InitResynchronisesAHalfByte) {
  Rig rig(Rom::kA00, kHd44780_16x2, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  rig.model.strobe(false, false, 0x80);  // a stray nibble
  rig.model.wait_us(1000);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  ASSERT_EQ(rig.write(0, "in step"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"in step", ""}));
  EXPECT_FALSE(rig.model.eight_bit());
}

UTEST(CharLcd, GermanAndFrenchOnA02) {
  Rig rig(Rom::kA02, kHd44780_16x2, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  ASSERT_EQ(rig.write(0, "Grüße aus Köln"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(1, "Ça coûte 9€, où?"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"Grüße aus Köln", "Ça coûte 9€, où?"}));
  EXPECT_EQ(rig.back_end.slot_character(0), U'€');
  expect_clean(rig.model);
}

UTEST(CharLcd, GermanAndKatakanaOnA00) {
  Rig rig(Rom::kA00, kHd44780_16x2, Wiring::kPcf8574);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  ASSERT_EQ(rig.write(0, "Grüße カタカナ ガギ"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(1, "ひらがな「¥500」→OK"), PanelStatus::kOk);
  // ß from CGRAM; voiced kana as letter + voiced mark.
  EXPECT_TRUE(screen_is(rig.model, {"Grüße ｶﾀｶﾅ ｶﾞｷﾞ", "ﾋﾗｶﾞﾅ｢¥500｣→OK"}));
  expect_clean(rig.model);
}

// 20x4 on A02: Russian (Latin-shaped letters from ASCII, others from CGRAM),
// Greek, then Vietnamese once the 8 slots are taken: base letters and
// transliterations. Rewriting the first row frees its slots.
UTEST(CharLcd, RussianGreekVietnameseUnderPressure) {
  Rig rig(Rom::kA02, kHd44780_20x4, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  ASSERT_EQ(rig.write(0, "Привет, мир!"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(1, "Γειά σου κόσμε"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(2, "Tiếng Việt"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(3, "Đà Nẵng ơi"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"Пpивeт, миp!", "Γειά σoυ κoσμε", "Tieng Viet", "Dà Nang oi"}));
  expect_clean(rig.model);
  ASSERT_EQ(rig.write(0, "Hello"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(3, "Đà Nẵng ơi"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"Hello", "Γειά σoυ κoσμε", "Tieng Viet", "Đà Nang ơi"}));
  expect_clean(rig.model);
}

// A row whose 8 glyphs all change: the slots are redefined only after the
// row's old cells are gone; a lower-case letter with no slot left falls back
// to its ROM capital (A02), a capital drawn as a Latin one, or a Latin letter.
UTEST(CharLcd, SlotsReusedWithoutShowingWrongGlyphs) {
  for (const Rom rom : {Rom::kA02, Rom::kA00}) {
    Rig rig(rom, kHd44780_16x2, Wiring::kEightBit);
    ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
    ASSERT_EQ(rig.write(0, "бвгджзий"), PanelStatus::kOk);
    ASSERT_EQ(rig.write(1, "шэ"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"бвгджзий", rom == Rom::kA02 ? "ШЭ" : "se"}));
    ASSERT_EQ(rig.write(0, "клмнптфц"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"клмнптфц", rom == Rom::kA02 ? "ШЭ" : "se"}));
    ASSERT_EQ(rig.write(1, "кл бв"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"клмнптфц", rom == Rom::kA02 ? "кл БB" : "кл bB"}));
    expect_clean(rig.model);
  }
}

// Random rows of Cyrillic letters on a 20x4: every screen right, no glyph
// ever redefined under a visible cell.
UTEST(CharLcd, RandomRowsKeepEveryGlyphRight) {
  Rig rig(Rom::kA00, kHd44780_20x4, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  display_test::Random random(0xC0FFEE);
  char32_t screen[4][20];
  for (auto& row : screen) {
    for (auto& cell : row) cell = U' ';
  }
  const int rounds = utest::kReduced ? 60 : 400;
  for (int round = 0; round < rounds; ++round) {
    const int row = static_cast<int>(random.below(4));
    char32_t line[20];
    for (auto& cell : line) cell = random.below(4) == 0 ? U' ' : static_cast<char32_t>(0x431 + random.below(6));
    ASSERT_EQ(rig.back_end.write_line(row, line, 20), PanelStatus::kOk);
    for (int c = 0; c < 20; ++c) screen[row][c] = line[c];
    // б-ё on A00: 6 letters all fit in slots unless other rows hold the rest.
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 20; ++c) {
        const std::uint8_t code = rig.model.code_at(r, c);
        if (code < 0x10 && !glyph_shows(rig.model, code, screen[r][c])) {
          UTEST_FAIL("a CGRAM cell shows another character");
        }
      }
    }
  }
  expect_clean(rig.model);
}

UTEST(CharLcd, BadInputGetsDefinedCharacters) {
  Rig rig(Rom::kA00, kHd44780_16x2, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  const char32_t line[] = {0x01, 0x7F, 0x85, 0xFFFD, 0x10FFFF, 0x110000, 0xD800, U'A', 0x0301, U'B', 0x1F600, 0xFFFFFFFF};
  // A + COMBINING ACUTE ACCENT: the mark takes no cell and is dropped.
  ASSERT_EQ(rig.back_end.write_line(0, line, sizeof(line) / sizeof(line[0])), PanelStatus::kOk);
  // Ill-formed UTF-8: U+FFFD per maximal subpart.
  ASSERT_EQ(rig.write(1, "\xC3(\xE2\x82 \xF4\x90\x80\x80!"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"███\uFFFD███AB██", "\uFFFD(\uFFFD \uFFFD\uFFFD\uFFFD\uFFFD!"}));
  // Off the module: nothing sent.
  const std::size_t strobes = rig.model.strobes();
  EXPECT_EQ(rig.write(2, "off"), PanelStatus::kOk);
  EXPECT_EQ(rig.write(-1, "off"), PanelStatus::kOk);
  EXPECT_EQ(rig.write(-40, "Жé€ψ"), PanelStatus::kOk);
  EXPECT_EQ(rig.write(40, "Жé€ψ"), PanelStatus::kOk);
  EXPECT_EQ(rig.model.strobes(), strobes);
  // Past the width: clipped.
  CharLcd::Line out = rig.back_end.line(0);
  for (int i = 0; i < 30; ++i) out(static_cast<char32_t>('a' + i % 26));
  EXPECT_EQ(out.clipped(), 14);
  ASSERT_EQ(out.finish(), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"abcdefghijklmnop"}));
  expect_clean(rig.model);
}

// CharLcd: combining marks take no cell and are dropped, the letter before
// stays as it is.
UTEST(CharLcd, CombiningMarksDropped) {
  Rig rig(Rom::kA02, kHd44780_20x4, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  ASSERT_EQ(rig.write(0, "e\u0301t\u00E9 u\u0308 \u03B9\u0308\u0301"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(1, "\u0301x\u0301 \u0418\u0306 \u03B1\u0301\u036F"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"eté u ι", "x И α"}));
  EXPECT_EQ(rig.back_end.slot_character(0), char32_t{0x03B9});
  expect_clean(rig.model);
}

// ComposingCharLcd: a letter followed by combining marks (NFD text) shows as
// the precomposed letter from the ROM or a slot; with no slot left, as the
// letter before the mark. A mark with no letter before it, or none that
// composes, takes no cell.
UTEST(CharLcd, CombiningMarksCompose) {
  ComposingRig rig(Rom::kA02, kHd44780_20x4, Wiring::kFourBit);
  ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
  // e + acute and u + diaeresis are in ROM A02; iota + diaeresis + acute
  // (two steps) is U+0390 from a slot; x + acute does not exist.
  ASSERT_EQ(rig.write(0, "e\u0301t\u00E9 u\u0308 \u03B9\u0308\u0301"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(1, "\u0301x\u0301 \u0418\u0306 \u03B1\u0301"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"été ü ΐ", "x Й ά"}));
  EXPECT_EQ(rig.back_end.slot_character(0), char32_t{0x0390});
  // Row 2 takes the other 6 slots; on row 3 o + horn finds none (o stays,
  // and the grave after it is dropped like the horn), e + circumflex is in
  // the ROM, e with circumflex and acute has no glyph, z + caron is in a slot.
  ASSERT_EQ(rig.write(2, "žąćęłń"), PanelStatus::kOk);
  ASSERT_EQ(rig.write(3, "o\u031B\u0300 e\u0302\u0301 z\u030C"), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(rig.model, {"été ü ΐ", "x Й ά", "žąćęłń", "o ê ž"}));
  expect_clean(rig.model);
  // The composition itself.
  EXPECT_EQ(char_lcd_compose(U'e', 0x0301), char32_t{0x00E9});
  EXPECT_EQ(char_lcd_compose(0x00EA, 0x0301), char32_t{0x1EBF});
  EXPECT_EQ(char_lcd_compose(U'E', 0x0302), char32_t{0x00CA});
  EXPECT_EQ(char_lcd_compose(0x0415, 0x0308), char32_t{0x0401});
  EXPECT_EQ(char_lcd_compose(0x03C9, 0x0301), char32_t{0x03CE});
  EXPECT_EQ(char_lcd_compose(U'x', 0x0301), char32_t{0});
  EXPECT_EQ(char_lcd_compose(U'e', 0x0335), char32_t{0});
  EXPECT_EQ(char_lcd_compose(0x1EBF, 0x0301), char32_t{0});  // two marks already
}

// A 16x1 module wired as 8x2: the right half of the line is DDRAM line 2,
// the controller runs two lines. The same glass driven as one line of 16
// shows nothing on its right half (the model can tell).
UTEST(CharLcd, SixteenByOneSplitModule) {
  for (const Wiring wiring : {Wiring::kFourBit, Wiring::kPcf8574}) {
    Rig rig(Rom::kA02, kHd44780_16x1Split, wiring);
    ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
    EXPECT_TRUE(rig.model.two_lines());
    EXPECT_EQ(rig.lcd.columns(), 16);
    EXPECT_EQ(rig.lcd.rows(), 1);
    ASSERT_EQ(rig.write(0, "Straße 12, Köln!"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"Straße 12, Köln!"}));
    EXPECT_EQ(rig.model.ddram(7), std::uint8_t{'1'});  // line 1: "Straße 1"
    EXPECT_EQ(rig.model.ddram(40), std::uint8_t{'2'});  // line 2 (0x40): "2, Köln!"
    ASSERT_EQ(rig.write(0, "short"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"short"}));
    expect_clean(rig.model);
  }
  Hd44780Model glass(Rom::kA02, 16, 1, true, true);
  ModelBus into;
  into.model = &glass;
  const Hd44780Bus bus = into.parallel(true);
  Hd44780 one_line(bus, Hd44780Geometry{16, 1});
  CharLcd back_end(one_line, kCharLcdRomA02, kGlyphs);
  ASSERT_EQ(back_end.init(), PanelStatus::kOk);
  EXPECT_FALSE(glass.two_lines());
  ASSERT_EQ(back_end.write_line(0, "Straße 12, Köln!", 17), PanelStatus::kOk);
  EXPECT_TRUE(screen_is(glass, {"Straße 1        "}));
}

// Whatever it is sent, the model stays inside DDRAM and CGRAM (ASan checks).
UTEST(CharLcd, ModelSurvivesAnyStrobes) {
  display_test::Random random(12345);
  const int strobes = utest::kReduced ? 5000 : 50000;
  struct Glass {
    int columns;
    int rows;
    bool four_bit;
    bool split;
  };
  for (const Glass glass : {Glass{20, 4, false, false}, Glass{20, 4, true, false}, Glass{16, 1, true, true}}) {
    Hd44780Model model(Rom::kA02, glass.columns, glass.rows, glass.four_bit, glass.split);
    for (int i = 0; i < strobes; ++i) {
      model.strobe(random.below(2) != 0, random.below(16) == 0, static_cast<std::uint8_t>(random.below(256)));
      if (random.below(8) == 0) model.wait_us(random.below(2000));
    }
    for (int i = 0; i < strobes; ++i) model.expander_write(static_cast<std::uint8_t>(random.below(256)));
    EXPECT_GT(model.instructions(), 0u);
    // Every cell reads back from inside DDRAM whatever the mode and shift (ASan).
    for (int row = 0; row < glass.rows; ++row) {
      for (int column = 0; column < glass.columns; ++column) static_cast<void>(model.character_at(row, column));
    }
  }
}

UTEST(CharLcd, BusFailuresComeBackAndRecover) {
  for (std::size_t fail = 1; fail < 40; fail += 3) {
    Rig rig(Rom::kA02, kHd44780_16x2, Wiring::kPcf8574);
    ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
    rig.model_bus.calls = 0;
    rig.model_bus.fail_after = fail;
    EXPECT_EQ(rig.write(0, "Ошибка шины"), PanelStatus::kNak);
    rig.model_bus.fail_after = 0;
    ASSERT_EQ(rig.back_end.init(), PanelStatus::kOk);  // a 4-bit interface may be half a byte off
    ASSERT_EQ(rig.write(0, "Ошибка шины"), PanelStatus::kOk);
    ASSERT_EQ(rig.write(1, "жду"), PanelStatus::kOk);
    EXPECT_TRUE(screen_is(rig.model, {"Oшибкa шины", "ждy"}));
    EXPECT_EQ(rig.model.timing_violations(), 0);
  }
}

// Bus traffic per character (figures for docs/display.md).
UTEST(CharLcd, BusBytesPerCharacter) {
  for (const Wiring wiring : {Wiring::kEightBit, Wiring::kFourBit, Wiring::kPcf8574}) {
    Rig rig(Rom::kA02, kHd44780_20x4, wiring);
    ASSERT_EQ(rig.lcd.init(), PanelStatus::kOk);
    const std::size_t strobes = rig.model.strobes();
    const std::size_t expander = rig.model.expander_bytes();
    const std::uint64_t time = rig.model.now_us();
    for (int row = 0; row < 4; ++row) ASSERT_EQ(rig.write(row, "ASCII only, 20 chars"), PanelStatus::kOk);
    utest::log() << "  " << (wiring == Wiring::kEightBit ? "8-bit" : wiring == Wiring::kFourBit ? "4-bit" : "PCF8574")
                 << ": 80 characters, " << (rig.model.strobes() - strobes) << " strobes, "
                 << (rig.model.expander_bytes() - expander) << " expander bytes, "
                 << static_cast<std::uint32_t>(rig.model.now_us() - time) << " us of waits\n";
    EXPECT_EQ(rig.model.strobes() - strobes, wiring == Wiring::kEightBit ? 84u : 168u);
  }
}

}  // namespace
