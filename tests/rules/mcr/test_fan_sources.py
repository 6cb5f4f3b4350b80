"""What the calculator shows a referee under each fan: the sets (or the whole hand, the winning tile) it was counted
from, for the hand of every fan's case in test_mcr_fans.py. A change here is a change referees read; check it against
the rulebook before updating the table."""

import pytest

from tests.rules.mcr.test_mcr_fans import CASES, fans_of

# case id -> {fan id: its sources}
SOURCES = {
    "01-big_four_winds-excludes-winds-and-all-pungs": {
        1: ["pung EEE", "pung SSS", "pung WWW", "pung NNN"],
        12: ["pung EEE", "pung SSS", "pung WWW", "pung NNN"],
        50: ["whole hand"],
        79: ["winning tile 5m"],
    },
    "02-big_three_dragons-excludes-dragon-pungs": {
        2: ["pung CCC", "pung FFF", "pung PPP"],
        33: ["pung CCC", "pung FFF", "pung PPP"],
        62: ["chow 123m", "pung CCC", "pung FFF", "pung PPP", "pair 55p"],
        75: ["whole hand"],
        79: ["winning tile 5p"],
    },
    "03-all_green-with-green-dragon-half-flush": {
        3: ["whole hand"],
        50: ["whole hand"],
        62: ["chow 234s", "chow 234s", "pung 666s", "pung 888s", "pair FF"],
        66: ["pung 666s", "pung 888s"],
        69: ["chow 234s + chow 234s"],
        79: ["winning tile F"],
    },
    "03-all_green-bamboo-only-full-flush": {
        3: ["whole hand"],
        22: ["whole hand"],
        62: ["chow 234s", "chow 234s", "pung 666s", "pung 888s", "pair 22s"],
        64: ["four of 2s"],
        66: ["pung 666s", "pung 888s"],
        68: ["whole hand"],
        69: ["chow 234s + chow 234s"],
    },
    "04-nine_gates-excludes-flush-concealed-terminal-pungs": {4: ["whole hand"], 66: ["pung 111m", "pung 999m"]},
    "04-nine_gates-self-drawn-fully-concealed": {
        4: ["whole hand"],
        28: ["chow 123m + chow 456m + chow 789m"],
        56: ["chow 123m", "chow 456m", "chow 789m", "pung 999m", "pair 11m"],
        64: ["four of 9m"],
    },
    "05-all_kongs-excludes-kong-fans-and-single-wait": {
        5: ["kong EEEE (melded)", "kong 1111m (melded)", "concealed kong 9999p", "kong SSSS (melded)"],
        60: ["kong EEEE (melded)"],
        61: ["kong EEEE (melded)"],
        73: ["kong 1111m (melded)", "concealed kong 9999p", "kong SSSS (melded)"],
        75: ["whole hand"],
    },
    "06-seven_shifted_pairs-excludes-seven-pairs-flush": {6: ["whole hand"], 68: ["whole hand"]},
    "06-seven_shifted_pairs-self-drawn-fully-concealed": {6: ["whole hand"], 56: ["whole hand"], 68: ["whole hand"]},
    "07-thirteen_orphans-excludes-all-types": {7: ["whole hand"]},
    "08-all_terminals-combines-with-double-pung": {
        8: ["whole hand"],
        12: ["pung 111m", "pung 999m", "pung 111p", "pung 999s"],
        65: ["pung 111m + pung 111p", "pung 999m + pung 999s"],
        79: ["winning tile 1s"],
    },
    "09-little_four_winds-excludes-big-three-winds": {
        9: ["pung EEE", "pung SSS", "pung WWW", "pair NN"],
        33: ["pung EEE", "pung SSS", "pung WWW"],
        50: ["whole hand"],
        55: ["chow 123m", "pung EEE", "pung SSS", "pung WWW", "pair NN"],
        60: ["pung EEE"],
        61: ["pung EEE"],
        62: ["chow 123m", "pung EEE", "pung SSS", "pung WWW", "pair NN"],
        79: ["winning tile N"],
    },
    "10-little_three_dragons-excludes-dragon-pungs": {
        10: ["pung CCC", "pung FFF", "pair PP"],
        55: ["chow 123m", "chow 789p", "pung CCC", "pung FFF", "pair PP"],
        62: ["chow 123m", "chow 789p", "pung CCC", "pung FFF", "pair PP"],
        66: ["pung CCC", "pung FFF"],
        75: ["whole hand"],
        79: ["winning tile P"],
    },
    "11-all_honors-excludes-terminal-honor-fans": {
        10: ["pung CCC", "pung FFF", "pair PP"],
        11: ["whole hand"],
        12: ["pung EEE", "pung SSS", "pung CCC", "pung FFF"],
        60: ["pung EEE"],
        61: ["pung EEE"],
        79: ["winning tile P"],
    },
    "12-four_concealed_pungs-excludes-all-pungs-and-lesser": {
        12: ["pung 111m", "pung 222p", "pung 333s", "pung 555s"],
        42: ["pung 111m + pung 222p + pung 333s"],
        73: ["pung 111m"],
        79: ["winning tile E"],
    },
    "13-pure_terminal_chows-excludes-chow-fans": {
        13: ["chow 123m", "chow 123m", "chow 789m", "chow 789m", "pair 55m"],
        62: ["chow 123m", "chow 123m", "chow 789m", "chow 789m", "pair 55m"],
        79: ["winning tile 5m"],
    },
    "14-quadruple_chow-excludes-tile-hog": {
        14: ["chow 234m + chow 234m + chow 234m + chow 234m"],
        22: ["whole hand"],
        62: ["chow 234m", "chow 234m", "chow 234m", "chow 234m", "pair 55m"],
        63: ["chow 234m", "chow 234m", "chow 234m", "chow 234m", "pair 55m"],
        68: ["whole hand"],
    },
    "15-four_pure_shifted_pungs-excludes-shifted-pungs": {
        12: ["pung 111p", "pung 222p", "pung 333p", "pung 444p"],
        15: ["pung 111p + pung 222p + pung 333p + pung 444p"],
        22: ["whole hand"],
        40: ["whole hand"],
        73: ["pung 111p"],
        79: ["winning tile 9p"],
    },
    "16-four_pure_shifted_chows-step-one": {
        16: ["chow 123s + chow 234s + chow 345s + chow 456s"],
        22: ["whole hand"],
        62: ["chow 123s", "chow 234s", "chow 345s", "chow 456s", "pair 55s"],
        63: ["chow 123s", "chow 234s", "chow 345s", "chow 456s", "pair 55s"],
        64: ["four of 5s"],
    },
    "16-four_pure_shifted_chows-step-two-no-terminal-chows": {
        16: ["chow 123s + chow 345s + chow 567s + chow 789s"],
        50: ["whole hand"],
        62: ["chow 123s", "chow 345s", "chow 567s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "17-three_kongs-excludes-kong-fans": {
        17: ["kong 1111m (melded)", "kong 2222p (melded)", "concealed kong 3333s"],
        42: ["kong 1111m (melded) + kong 2222p (melded) + concealed kong 3333s"],
        73: ["kong 1111m (melded)"],
        76: ["whole hand"],
        79: ["winning tile 7s"],
    },
    "18-all_terminals_and_honors-excludes-pung-fans": {
        12: ["pung 111m", "pung 999p", "pung EEE", "pung CCC"],
        18: ["whole hand"],
        52: ["whole hand"],
        59: ["pung CCC"],
        60: ["pung EEE"],
        61: ["pung EEE"],
        79: ["winning tile 9s"],
    },
    "19-seven_pairs-excludes-concealed-and-single": {19: ["whole hand"]},
    "19-seven_pairs-self-drawn-fully-concealed": {19: ["whole hand"], 56: ["whole hand"]},
    "20-greater_honors_and_knitted_tiles-excludes-lesser-all-types": {20: ["whole hand"]},
    "21-all_even_pungs-excludes-all-pungs-simples": {
        12: ["pung 222m", "pung 888m", "pung 444p", "pung 666s"],
        21: ["pung 222m", "pung 888m", "pung 444p", "pung 666s", "pair 22s"],
        79: ["winning tile 2s"],
    },
    "22-full_flush-excludes-no-honors": {
        22: ["whole hand"],
        28: ["chow 123m + chow 456m + chow 789m"],
        62: ["chow 123m", "chow 456m", "chow 789m", "pung 222m", "pair 11m"],
        64: ["four of 2m"],
    },
    "23-pure_triple_chow-excludes-pure-double-chow": {
        23: ["chow 123m (melded) + chow 123m (melded) + chow 123m (melded)"],
        63: ["chow 123m (melded)", "chow 123m (melded)", "chow 123m (melded)", "chow 456p", "pair 99s"],
        79: ["winning tile 9s"],
    },
    "24-pure_shifted_pungs-melded-pungs": {
        24: ["pung 111m (melded) + pung 222m (melded) + pung 333m (melded)"],
        73: ["pung 111m (melded)"],
        76: ["whole hand"],
        79: ["winning tile 9s"],
    },
    "25-upper_tiles-excludes-upper-four": {
        24: ["pung 777m + pung 888m + pung 999m"],
        25: ["whole hand"],
        33: ["pung 777m", "pung 888m", "pung 999m"],
        62: ["chow 789p", "pung 777m", "pung 888m", "pung 999m", "pair 77s"],
        73: ["pung 999m"],
        79: ["winning tile 7s"],
    },
    "26-middle_tiles-excludes-all-simples": {
        23: ["chow 456m + chow 456m + chow 456m"],
        26: ["whole hand"],
        31: ["chow 456m", "chow 456m", "chow 456m", "chow 456p", "pair 55s"],
        62: ["chow 456m", "chow 456m", "chow 456m", "chow 456p", "pair 55s"],
        63: ["chow 456m", "chow 456m", "chow 456m", "chow 456p", "pair 55s"],
        70: ["chow 456m + chow 456p"],
        79: ["winning tile 5s"],
    },
    "27-lower_tiles-excludes-lower-four": {
        24: ["pung 111m + pung 222m + pung 333m"],
        27: ["whole hand"],
        33: ["pung 111m", "pung 222m", "pung 333m"],
        62: ["chow 123p", "pung 111m", "pung 222m", "pung 333m", "pair 11s"],
        73: ["pung 111m"],
        79: ["winning tile 1s"],
    },
    "28-pure_straight-with-a-pair-wait": {
        28: ["chow 123m + chow 456m + chow 789m"],
        62: ["chow 123m", "chow 456m", "chow 789m", "chow 123p", "pair 55s"],
        63: ["chow 123m", "chow 456m", "chow 789m", "chow 123p", "pair 55s"],
        70: ["chow 123m + chow 123p"],
        79: ["winning tile 5s"],
    },
    "29-three_suited_terminal_chows-excludes-chow-fans": {
        29: ["chow 123m", "chow 789m", "chow 123p", "chow 789p", "pair 55s"],
        62: ["chow 123m", "chow 789m", "chow 123p", "chow 789p", "pair 55s"],
        79: ["winning tile 5s"],
    },
    "30-pure_shifted_chows-step-one": {
        30: ["chow 123m + chow 234m + chow 345m"],
        50: ["whole hand"],
        60: ["pung EEE"],
        61: ["pung EEE"],
        62: ["chow 123m", "chow 234m", "chow 345m", "pung EEE", "pair SS"],
    },
    "31-all_fives-excludes-all-simples": {
        31: ["chow 345m", "chow 456m", "chow 567s", "pung 555p", "pair 55s"],
        62: ["chow 345m", "chow 456m", "chow 567s", "pung 555p", "pair 55s"],
    },
    "32-triple_pung-across-melds": {
        32: ["pung 222m (melded) + pung 222p (melded) + pung 222s"],
        76: ["whole hand"],
        79: ["winning tile 9p"],
    },
    "33-three_concealed_pungs-pungs-concealed": {
        33: ["pung 111m", "pung 222p", "pung 333s"],
        42: ["pung 111m + pung 222p + pung 333s"],
        62: ["chow 456s", "pung 111m", "pung 222p", "pung 333s", "pair 99m"],
        73: ["pung 111m"],
        76: ["whole hand"],
        79: ["winning tile 9m"],
    },
    "34-lesser_honors_and_knitted_tiles-with-knitted-straight": {34: ["whole hand"], 35: ["whole hand"]},
    "35-knitted_straight-with-a-chow-and-pair": {
        35: ["knitted 147m258p369s"],
        62: ["chow 123s", "pair EE"],
        79: ["winning tile E"],
    },
    "36-upper_four-excludes-no-honors": {
        36: ["whole hand"],
        62: ["chow 789m", "chow 789p", "pung 666m", "pung 999s", "pair 66p"],
        66: ["pung 666m", "pung 999s"],
        70: ["chow 789m + chow 789p"],
        73: ["pung 999s"],
    },
    "37-lower_four-excludes-no-honors": {
        37: ["whole hand"],
        62: ["chow 234m", "chow 234p", "pung 111m", "pung 444s", "pair 11p"],
        66: ["pung 111m", "pung 444s"],
        70: ["chow 234m + chow 234p"],
        73: ["pung 111m"],
    },
    "38-big_three_winds-no-terminal-pung-for-winds": {
        33: ["pung EEE", "pung SSS", "pung WWW"],
        38: ["pung EEE", "pung SSS", "pung WWW"],
        62: ["chow 123m", "pung EEE", "pung SSS", "pung WWW", "pair 55p"],
        75: ["whole hand"],
        79: ["winning tile 5p"],
    },
    "39-mixed_straight-three-suits": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "40-reversible_tiles-excludes-one-voided-suit": {
        40: ["whole hand"],
        62: ["chow 123p", "chow 345p", "chow 456s", "pung 888p", "pair PP"],
        79: ["winning tile P"],
    },
    "41-mixed_triple_chow-excludes-mixed-double-chow": {
        41: ["chow 123m + chow 123p + chow 123s"],
        62: ["chow 123m", "chow 123p", "chow 123s", "chow 456s", "pair EE"],
        71: ["chow 123s + chow 456s"],
        79: ["winning tile E"],
    },
    "42-mixed_shifted_pungs-across-melds": {
        42: ["pung 111m (melded) + pung 222p (melded) + pung 333s"],
        73: ["pung 111m (melded)"],
        76: ["whole hand"],
        79: ["winning tile 9p"],
    },
    "43-chicken_hand-nothing-else": {43: ["whole hand"]},
    "44-last_tile_drawn-excludes-self-drawn": {
        39: ["chow 123m + chow 456p + chow 789s"],
        44: ["winning tile E"],
        56: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "45-last_tile_claimed-on-a-discard": {
        39: ["chow 123m + chow 456p + chow 789s"],
        45: ["winning tile E"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "46-out_with_supplement_tile-excludes-self-drawn": {
        39: ["chow 123m + chow 456p + chow 789s"],
        46: ["winning tile E"],
        74: ["kong 5555s (melded)"],
        79: ["winning tile E"],
    },
    "47-robbing_a_kong-excludes-last-tile": {
        39: ["chow 123m + chow 456p + chow 789s"],
        47: ["winning tile 4s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
    },
    "48-two_concealed_kongs-eight-points-excludes-two-concealed-pungs": {
        48: ["concealed kong 1111m", "concealed kong 9999p"],
        62: ["concealed kong 1111m", "concealed kong 9999p", "chow 234s", "chow 567s", "pair 55p"],
        71: ["chow 234s + chow 567s"],
        73: ["concealed kong 1111m", "concealed kong 9999p"],
        76: ["whole hand"],
        79: ["winning tile 5p"],
    },
    "49-all_pungs-melded": {
        49: ["pung 222m (melded)", "pung 555p (melded)", "pung 888m", "pung 777s", "pair 99p"],
        66: ["pung 888m", "pung 777s"],
        76: ["whole hand"],
        79: ["winning tile 9p"],
    },
    "50-half_flush-with-pure-straight": {
        28: ["chow 123m + chow 456m + chow 789m"],
        50: ["whole hand"],
        62: ["chow 123m", "chow 456m", "chow 789m", "pung 222m", "pair EE"],
        64: ["four of 2m"],
        79: ["winning tile E"],
    },
    "51-mixed_shifted_chows-three-suits": {
        51: ["chow 123m + chow 234p + chow 345s"],
        62: ["chow 123m", "chow 789m", "chow 234p", "chow 345s", "pair EE"],
        72: ["chow 123m + chow 789m"],
        79: ["winning tile E"],
    },
    "52-all_types-five-types": {
        39: ["chow 123m + chow 456p + chow 789s"],
        52: ["whole hand"],
        60: ["pung EEE"],
        61: ["pung EEE"],
        62: ["chow 123m", "chow 456p", "chow 789s", "pung EEE", "pair CC"],
        79: ["winning tile C"],
    },
    "53-melded_hand-excludes-single-wait": {
        52: ["whole hand"],
        53: ["chow 123m (melded)", "pung 555p (melded)", "chow 789s (melded)", "pung EEE (melded)", "pair CC"],
        60: ["pung EEE (melded)"],
        61: ["pung EEE (melded)"],
    },
    "54-two_dragon_pungs-excludes-dragon-pung": {
        54: ["pung CCC", "pung FFF"],
        62: ["chow 123m", "chow 456p", "pung CCC", "pung FFF", "pair 99s"],
        66: ["pung CCC", "pung FFF"],
        79: ["winning tile 9s"],
    },
    "55-outside_hand-every-set-terminal-or-honor": {
        55: ["chow 123m", "chow 789m", "pung 999p", "pung 111s", "pair EE"],
        62: ["chow 123m", "chow 789m", "pung 999p", "pung 111s", "pair EE"],
        66: ["pung 999p", "pung 111s"],
        72: ["chow 123m + chow 789m"],
        73: ["pung 999p", "pung 111s"],
        79: ["winning tile E"],
    },
    "56-fully_concealed_hand-excludes-self-drawn": {
        39: ["chow 123m + chow 456p + chow 789s"],
        56: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "57-two_melded_kongs-two-melded-kongs": {
        57: ["kong 1111m (melded)", "kong 5555p (melded)"],
        73: ["kong 1111m (melded)"],
        76: ["whole hand"],
    },
    "57-two_melded_kongs-melded-and-concealed-kong-is-6": {
        57: ["kong 1111m (melded)"],
        67: ["concealed kong 5555p"],
        73: ["kong 1111m (melded)"],
        76: ["whole hand"],
    },
    "58-last_tile-flagged-on-a-discard": {
        39: ["chow 123m + chow 456p + chow 789s"],
        58: ["winning tile 4s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
    },
    "58-last_tile-other-three-in-own-pung": {
        58: ["winning tile 5m"],
        64: ["four of 5m"],
        70: ["chow 567m + chow 567p (melded)"],
        75: ["whole hand"],
    },
    "58-last_tile-not-on-self-draw": {
        39: ["chow 123m + chow 456p + chow 789s"],
        56: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
    },
    "59-dragon_pung-one-dragon": {
        39: ["chow 123m + chow 456p + chow 789s"],
        59: ["pung CCC"],
        62: ["chow 123m", "chow 456p", "chow 789s", "pung CCC", "pair 99s"],
    },
    "60-prevalent_wind-round-wind": {
        39: ["chow 123m + chow 456p + chow 789s"],
        60: ["pung SSS"],
        62: ["chow 123m", "chow 456p", "chow 789s", "pung SSS", "pair 99s"],
    },
    "61-seat_wind-seat-wind": {
        39: ["chow 123m + chow 456p + chow 789s"],
        61: ["pung WWW"],
        62: ["chow 123m", "chow 456p", "chow 789s", "pung WWW", "pair 99s"],
    },
    "62-concealed_hand-concealed-by-discard": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "63-all_chows-excludes-no-honors": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair 55p"],
        63: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair 55p"],
        78: ["winning tile 5p"],
    },
    "64-tile_hog-four-without-kong": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 789s", "pung 111m", "pair 55s"],
        64: ["four of 1m"],
        73: ["pung 111m"],
        76: ["whole hand"],
        79: ["winning tile 5s"],
    },
    "65-double_pungs-melded-pungs": {
        65: ["pung 555m (melded) + pung 555p (melded)"],
        72: ["chow 123s + chow 789s"],
        76: ["whole hand"],
        79: ["winning tile 9m"],
    },
    "66-two_concealed_pungs-concealed-pungs": {
        62: ["chow 123s", "chow 789s", "pung 555m", "pung 555p", "pair 99m"],
        65: ["pung 555m + pung 555p"],
        66: ["pung 555m", "pung 555p"],
        72: ["chow 123s + chow 789s"],
        76: ["whole hand"],
        79: ["winning tile 9m"],
    },
    "67-concealed_kong-one-concealed-kong": {
        62: ["concealed kong 5555m", "chow 123p", "chow 456p", "chow 789s", "pair EE"],
        67: ["concealed kong 5555m"],
        71: ["chow 123p + chow 456p"],
        79: ["winning tile E"],
    },
    "68-all_simples-excludes-no-honors": {
        51: ["chow 234m + chow 456p + chow 345s"],
        62: ["chow 234m", "chow 456p", "chow 345s", "chow 678s", "pair 88p"],
        63: ["chow 234m", "chow 456p", "chow 345s", "chow 678s", "pair 88p"],
        68: ["whole hand"],
        71: ["chow 345s + chow 678s"],
        79: ["winning tile 8p"],
    },
    "69-pure_double_chow-same-suit": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 123m", "chow 456p", "chow 789s", "pair EE"],
        69: ["chow 123m + chow 123m"],
        79: ["winning tile E"],
    },
    "70-mixed_double_chow-two-suits": {
        62: ["chow 123m", "chow 123p", "chow 456s", "chow 789s", "pair EE"],
        70: ["chow 123m + chow 123p"],
        71: ["chow 456s + chow 789s"],
        79: ["winning tile E"],
    },
    "71-short_straight-six-tile-straight": {
        62: ["chow 123m", "chow 456m", "chow 789p", "chow 234s", "pair EE"],
        71: ["chow 123m + chow 456m"],
        79: ["winning tile E"],
    },
    "72-two_terminal_chows-123-and-789": {
        62: ["chow 123m", "chow 789m", "chow 456p", "chow 234s", "pair EE"],
        72: ["chow 123m + chow 789m"],
        79: ["winning tile E"],
    },
    "73-pung_of_terminals_or_honors-terminal-pung": {
        62: ["chow 456p", "chow 234s", "chow 789s", "pung 111m", "pair EE"],
        73: ["pung 111m"],
        79: ["winning tile E"],
    },
    "74-melded_kong-one-melded-kong": {
        71: ["chow 123p + chow 456p"],
        74: ["kong 5555m (melded)"],
        79: ["winning tile E"],
    },
    "75-one_voided_suit-two-suits": {
        62: ["chow 123m", "chow 456m", "chow 234p", "chow 789p", "pair EE"],
        71: ["chow 123m + chow 456m"],
        75: ["whole hand"],
        79: ["winning tile E"],
    },
    "76-no_honors-with-a-pung": {
        62: ["chow 456p", "chow 234s", "chow 789s", "pung 222m", "pair 55s"],
        76: ["whole hand"],
    },
    "77-edge_wait-edge": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        77: ["winning tile 3m"],
    },
    "78-closed_wait-closed": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        78: ["winning tile 2m"],
    },
    "79-single_wait-single": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
    },
    "79-single_wait-not-when-two-tiles-wait": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair 55s"],
        63: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair 55s"],
    },
    "80-self-pick-self-drawn-with-melds": {
        39: ["chow 123m (melded) + chow 456p + chow 789s"],
        79: ["winning tile E"],
        80: ["winning tile E"],
    },
    "81-flower_tile-flowers-counted": {
        39: ["chow 123m + chow 456p + chow 789s"],
        62: ["chow 123m", "chow 456p", "chow 234s", "chow 789s", "pair EE"],
        79: ["winning tile E"],
        81: ["3 flowers"],
    },
}


@pytest.mark.parametrize("hand", [p.values[0] for p in CASES], ids=[p.id for p in CASES])
def test_each_fan_names_what_it_was_counted_from(request, hand):
    _, result = fans_of(**hand)
    assert {f.id: f.sources for f in result.fans} == SOURCES[request.node.callspec.id]


def test_every_case_has_its_sources():
    assert set(SOURCES) == {p.id for p in CASES}


def test_one_flower_is_named_in_the_singular():
    _, result = fans_of(concealed="123m456p789s234sE", win_tile="E", flowers=1)
    assert next(f.sources for f in result.fans if f.id == 81) == ["1 flower"]


# Hands from the differential run whose explanations pin the concealed pungs (not the one a discard completed), the
# kongs counted once, and the wind pungs named under Pung of Terminals or Honors: hand -> {fan id: its sources}.
PINNED_SOURCES = [
    (
        {
            "concealed": "8s",
            "melds": ["chow 567s", "pung 666s", "kong 2222s", "pung 777s"],
            "win_tile": "8s",
            "seat_wind": "E",
            "prevalent_wind": "E",
        },
        {
            22: ["whole hand"],
            53: ["chow 567s (melded)", "pung 666s (melded)", "kong 2222s (melded)", "pung 777s (melded)", "pair 88s"],
            64: ["four of 6s", "four of 7s"],
            68: ["whole hand"],
            74: ["kong 2222s (melded)"],
        },
    ),
    (
        {"concealed": "2233366688899s", "melds": [], "win_tile": "9s", "seat_wind": "W", "prevalent_wind": "E"},
        {
            22: ["whole hand"],
            33: ["pung 333s", "pung 666s", "pung 888s"],
            49: ["pung 333s", "pung 666s", "pung 888s", "pung 999s", "pair 22s"],
            62: ["pung 333s", "pung 666s", "pung 888s", "pung 999s", "pair 22s"],
            73: ["pung 999s"],
        },
    ),
    (
        {
            "concealed": "111m99pSSSCCCFF",
            "melds": [],
            "win_tile": "9p",
            "self_drawn": True,
            "seat_wind": "E",
            "prevalent_wind": "W",
        },
        {
            12: ["pung 111m", "pung 999p", "pung SSS", "pung CCC"],
            18: ["whole hand"],
            56: ["pung 111m", "pung 999p", "pung SSS", "pung CCC", "pair FF"],
            59: ["pung CCC", "pair FF"],
            75: ["whole hand"],
        },
    ),
    (
        {
            "concealed": "2p",
            "melds": ["kong EEEE", "concealed_kong NNNN", "concealed_kong SSSS", "kong 1111p"],
            "win_tile": "2p",
            "seat_wind": "N",
            "prevalent_wind": "E",
        },
        {
            5: ["kong EEEE (melded)", "concealed kong NNNN", "concealed kong SSSS", "kong 1111p (melded)"],
            38: ["kong EEEE (melded)", "concealed kong NNNN", "concealed kong SSSS"],
            50: ["whole hand"],
            60: ["kong EEEE (melded)"],
            61: ["concealed kong NNNN"],
            66: ["concealed kong NNNN", "concealed kong SSSS"],
            73: ["kong 1111p (melded)"],
        },
    ),
]


@pytest.mark.parametrize("hand, sources", PINNED_SOURCES)
def test_pinned_explanations(hand, sources):
    _, result = fans_of(**hand)
    assert {f.id: f.sources for f in result.fans} == sources
