// panel/i2c_panel_bus.h: the control byte in front of each I2C transaction,
// from the SSD1306 datasheet (Co in bit 7, D/C# in bit 6), recorded
// by a fake transfer function, and failures passed on.
#include <type_traits>
#include <utility>

#include "display_test_support.h"
#include "utf8mcu/display/panel/i2c_panel_bus.h"

namespace {

using namespace utf8mcu::display;

// The bus keeps the link's address: a named link makes a bus, a temporary
// does not compile (it would leave the bus pointing at a dead object).
template <typename Link, typename = void>
struct MakesBus : std::false_type {};
template <typename Link>
struct MakesBus<Link, std::void_t<decltype(i2c_panel_bus(std::declval<Link>()))>> : std::true_type {};
static_assert(MakesBus<I2cPanelLink&>::value, "a named link");
static_assert(MakesBus<const I2cPanelLink&>::value, "a named const link");
static_assert(!MakesBus<I2cPanelLink>::value, "a temporary link");

struct Transfer {
  std::uint8_t address;
  std::uint8_t control;
  std::uint8_t first;
  std::size_t size;
};

struct Recorder {
  Transfer transfers[8];
  int count = 0;
  PanelStatus answer = PanelStatus::kOk;
};

PanelStatus record(void* context, std::uint8_t address, std::uint8_t control, const std::uint8_t* bytes,
                   std::size_t size) {
  Recorder& recorder = *static_cast<Recorder*>(context);
  if (recorder.count < 8) recorder.transfers[recorder.count] = Transfer{address, control, bytes[0], size};
  ++recorder.count;
  return recorder.answer;
}

UTEST(DisplayI2cPanelBus, ControlBytes) {
  Recorder recorder;
  I2cPanelLink link;
  link.transfer = &record;
  link.context = &recorder;
  link.address = 0x3C;
  const PanelBus bus = i2c_panel_bus(link);
  const std::uint8_t commands[] = {0xAE, 0xD5, 0x80};
  const std::uint8_t data[] = {0x11, 0x22};
  EXPECT_EQ(send_commands(bus, commands, sizeof commands), PanelStatus::kOk);
  EXPECT_EQ(send_data(bus, data, sizeof data), PanelStatus::kOk);
  ASSERT_EQ(recorder.count, 2);
  EXPECT_EQ(recorder.transfers[0].address, 0x3C);
  EXPECT_EQ(recorder.transfers[0].control, 0x00);  // Co 0, D/C# 0: commands follow
  EXPECT_EQ(recorder.transfers[0].first, 0xAE);
  EXPECT_EQ(recorder.transfers[0].size, std::size_t{3});
  EXPECT_EQ(recorder.transfers[1].control, 0x40);  // Co 0, D/C# 1: display RAM follows
  EXPECT_EQ(recorder.transfers[1].size, std::size_t{2});
  // One command byte per control byte (SSD0303): a transaction each, Co set.
  recorder = Recorder();
  link.one_command_per_control = true;
  EXPECT_EQ(send_commands(bus, commands, sizeof commands), PanelStatus::kOk);
  ASSERT_EQ(recorder.count, 3);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(recorder.transfers[i].control, 0x80);
    EXPECT_EQ(recorder.transfers[i].first, commands[i]);
    EXPECT_EQ(recorder.transfers[i].size, std::size_t{1});
  }
  // A NAK stops at the first transaction and comes back.
  recorder = Recorder();
  recorder.answer = PanelStatus::kNak;
  EXPECT_EQ(send_commands(bus, commands, sizeof commands), PanelStatus::kNak);
  EXPECT_EQ(recorder.count, 1);
  EXPECT_EQ(send_data(bus, data, sizeof data), PanelStatus::kNak);
}

}  // namespace
