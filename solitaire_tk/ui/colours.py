"""The colours that tell how a game ended, shared by every view that says it
(the game-over dialog, the tutor panel, the status bar, the replay), and the
colour of a message that something went wrong."""

ERROR_COLOUR = "#a00000"  # a refusal or a problem, in dialogs and on the main window

WON_COLOUR = "#146614"    # a won game (4.5:1 or more on the window's grey, as every sentence)
LOST_COLOUR = "#a3300a"   # a game that ended without a win
GOING_COLOUR = "#4a4a4a"  # a replayed game that goes on at this step
RESULT_COLOURS = {"won": WON_COLOUR, "lost": LOST_COLOUR, "over": LOST_COLOUR,
                  "going": GOING_COLOUR}
