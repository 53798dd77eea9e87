"""The Players dialog (Thirteen's "Player Selection Menu").

Up to forty players (a class), each with their own statistics and
preferences.  The list shows who is playing now, and who is playing in
another window (they cannot be chosen here until that window is closed);
"Play as this player" switches (and closes), "<" and ">" (or Page Up / Page
Down) switch at once to the previous or next player, going past those, and
are hidden while there is only one.  Add and Rename open a name
box in the dialog: what is wrong with a name is said in red under it, never
as a crash.  Remove asks first, and the last player cannot be removed; a
removed player's saved games are kept, and "Bring back..." (greyed out while
there is nobody to bring back) lists them again, their games counted as before.

Keys: Up/Down, Home/End or a name's first letter in the list, Enter plays as
the chosen player (or presses the button with the focus), Delete removes,
Tab moves, Escape closes (or, in the name box, puts the name box away).
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Any, Callable

from ..storage import SaveError
from ..userdata import MAX_PLAYERS
from ..whoplays import step_player
from .bringback import BringBackDialog
from .dialogs import ModalDialog
from .sizes import scaled, wrap_width
from .colours import ERROR_COLOUR
from .statsdialog import ConfirmDialog
from .tooltip import Tooltip

__all__ = ["PlayersDialog", "PLAYING_NOW", "PLAYING_ELSEWHERE", "BRING_BACK_TIP", "NOBODY_TIP"]

PLAYING_NOW = "  (playing now)"
PLAYING_ELSEWHERE = "  (playing in another window)"
LIST_ROWS = 12   # names in sight at once: the list scrolls for a class of forty
BRING_BACK_TIP = ("Bring back a player who was removed, with their saved games and "
                  "statistics.")
NOBODY_TIP = "Nobody to bring back: no removed player has saved games here."


class PlayersDialog(ModalDialog):
    """Choose, add, rename and remove players.

    `on_switch(name)` is called whenever the current player changes (a
    switch, or removing the player who was playing) or is renamed, so the
    app can load that player's preferences and game.
    """

    def __init__(self, master: tk.Misc, store: Any, on_switch: Callable[[str], None]) -> None:
        super().__init__(master, "Players")
        self.store = store
        store.catch_up_players()   # another window may have added or renamed players
        self.on_switch = on_switch
        self.confirm: ConfirmDialog | None = None
        self.bring_back_dialog: BringBackDialog | None = None
        self._name_mode: str | None = None   # "add" or "rename" while the name box is open
        self._renaming = ""
        body = self.body

        ttk.Label(body, text=f"Who is playing? Up to {MAX_PLAYERS} players can each keep "
                  "their own statistics and preferences.", wraplength=wrap_width(self, 420),
                  justify="left").grid(row=0, column=0, columnspan=2, sticky="w")
        self.now_playing = ttk.Label(body, font=("DejaVu Sans", 11, "bold"))
        self.now_playing.grid(row=1, column=0, columnspan=2, sticky="w", pady=(8, 4))

        left = ttk.Frame(body)
        left.grid(row=2, column=0, sticky="nsew")
        rows = ttk.Frame(left)
        rows.pack(fill="both", expand=True)
        self.listbox = tk.Listbox(rows, height=LIST_ROWS, width=46, activestyle="dotbox",
                                  selectmode="browse", exportselection=False)
        self.scrollbar = ttk.Scrollbar(rows, orient="vertical", command=self.listbox.yview)
        self.listbox.configure(yscrollcommand=self.scrollbar.set)
        self.listbox.pack(side="left", fill="both", expand=True)
        self.scrollbar.pack(side="right", fill="y")
        self.listbox.bind("<Home>", lambda e: self._choose(0))
        self.listbox.bind("<End>", lambda e: self._choose(self.listbox.size() - 1))
        self.listbox.bind("<Key>", self._jump_to_letter, add="+")
        self.listbox.bind("<Return>", self._on_return_in_list)
        self.listbox.bind("<KP_Enter>", self._on_return_in_list)
        self.listbox.bind("<Double-Button-1>", lambda e: self.play_selected())
        self.listbox.bind("<Delete>", lambda e: self.ask_remove())
        self.listbox.bind("<<ListboxSelect>>", lambda e: self._show_message(""))

        self.stepper = ttk.Frame(left)
        self.previous_button = ttk.Button(self.stepper, text="< Previous player", width=16,
                                          command=lambda: self.step(-1))
        self.previous_button.pack(side="left")
        self.next_button = ttk.Button(self.stepper, text="Next player >", width=16,
                                      command=lambda: self.step(1))
        self.next_button.pack(side="right")

        right = ttk.Frame(body)
        right.grid(row=2, column=1, sticky="n", padx=(12, 0))
        self.play_button = ttk.Button(right, text="Play as this player",
                                      command=self.play_selected)
        self.add_button = ttk.Button(right, text="Add...", command=self.start_add)
        self.rename_button = ttk.Button(right, text="Rename...", command=self.start_rename)
        self.remove_button = ttk.Button(right, text="Remove...", command=self.ask_remove)
        self.bring_back_button = ttk.Button(right, text="Bring back...",
                                            command=self.open_bring_back)
        self.bring_back_tip = Tooltip(self.bring_back_button, BRING_BACK_TIP, scaled(self, 260))
        self.close_button = ttk.Button(right, text="Close", command=self.close)
        for button in (self.play_button, self.add_button, self.rename_button,
                       self.remove_button, self.bring_back_button):
            button.pack(fill="x", pady=(0, 4))
        self.close_button.pack(fill="x", pady=(16, 0))

        # The name box for Add and Rename, hidden until needed.
        self.name_box = ttk.Frame(body, padding=(0, 10, 0, 0))
        self.name_prompt = ttk.Label(self.name_box)
        self.name_prompt.grid(row=0, column=0, columnspan=3, sticky="w")
        self.name = tk.StringVar()
        self.entry = ttk.Entry(self.name_box, textvariable=self.name, width=32)
        self.entry.grid(row=1, column=0, sticky="we", pady=4)
        self.name_ok = ttk.Button(self.name_box, text="OK", command=self.accept_name)
        self.name_ok.grid(row=1, column=1, padx=(8, 4))
        self.name_cancel = ttk.Button(self.name_box, text="Cancel", command=self.cancel_name)
        self.name_cancel.grid(row=1, column=2)
        self.name_error = ttk.Label(self.name_box, foreground=ERROR_COLOUR,
                                    wraplength=wrap_width(self, 420),
                                    justify="left")
        self.name_error.grid(row=2, column=0, columnspan=3, sticky="w")
        self.entry.bind("<Return>", lambda e: self.accept_name())
        self.entry.bind("<KP_Enter>", lambda e: self.accept_name())
        self.entry.bind("<Escape>", self._escape_in_entry)
        self.name_cancel.bind("<Escape>", self._escape_in_entry)
        self.name_ok.bind("<Escape>", self._escape_in_entry)

        self.message = ttk.Label(body, foreground=ERROR_COLOUR, wraplength=wrap_width(self, 420),
                                 justify="left")
        self.message.grid(row=4, column=0, columnspan=2, sticky="w", pady=(8, 0))

        self.bind("<Prior>", lambda e: self._page(-1))
        self.bind("<Next>", lambda e: self._page(1))
        self.refresh()
        self._offer_bring_back()
        self.show(self.listbox)

    # -- what is shown -------------------------------------------------------------------
    def refresh(self, select: str | None = None) -> None:
        """Show the players again, choosing `select` (or the current player) in the list."""
        players = self.store.players()
        current = self.store.current_player
        self.now_playing.configure(text=f"Playing now: {current}")
        self.listbox.delete(0, "end")
        for name in players:
            elsewhere = name != current and self.store.playing_elsewhere(name)
            self.listbox.insert("end", name + (PLAYING_NOW if name == current else "")
                                + (PLAYING_ELSEWHERE if elsewhere else ""))
        wanted = select if select in players else current
        self._choose(players.index(wanted) if wanted in players else 0)
        if len(players) > 1:
            self.stepper.pack(fill="x", pady=(6, 0))
        else:
            self.stepper.pack_forget()

    def _offer_bring_back(self) -> None:
        """Bring back... greyed out (and so left out by Tab) while there is nobody
        to bring back (asked when the dialog opens and when someone is removed or
        brought back: finding them reads a file of each)."""
        anybody = bool(self.store.removed_players())
        self.bring_back_button.state(["!disabled"] if anybody else ["disabled"])
        self.bring_back_tip.text = BRING_BACK_TIP if anybody else NOBODY_TIP

    def selected(self) -> str | None:
        """The name chosen in the list."""
        index, players = self.selected_index(), self.store.players()
        if index is None or index >= len(players):
            return None
        name: str = players[index]
        return name

    def _choose(self, index: int) -> str:
        """Choose the name at `index` in the list, and bring it into sight."""
        self.listbox.selection_clear(0, "end")
        self.listbox.selection_set(index)
        self.listbox.activate(index)
        self.listbox.see(index)
        return "break"

    def _jump_to_letter(self, event: tk.Event) -> str | None:
        """A letter chooses the next name that starts with it (a class has many)."""
        letter = event.char.casefold()
        if not letter.isalnum() or int(event.state) & 0x4:
            return None
        players = self.store.players()
        start = (self.selected_index() or 0) + 1
        for offset in range(len(players)):
            index = (start + offset) % len(players)
            if players[index].casefold().startswith(letter):
                return self._choose(index)
        return "break"

    def selected_index(self) -> int | None:
        chosen: tuple[int, ...] = self.listbox.curselection()  # type: ignore[no-untyped-call]
        return chosen[0] if chosen else None

    @property
    def steppers_shown(self) -> bool:
        return bool(self.stepper.winfo_manager())

    def _show_message(self, text: str, error: bool = True) -> None:
        """Say `text` under the list: in red if something could not be done."""
        self.message.configure(text=text, foreground=ERROR_COLOUR if error else "")

    # -- switching ------------------------------------------------------------------------
    def play_selected(self) -> None:
        """Play as the player chosen in the list, and close."""
        name = self.selected()
        if name is None:
            return
        if self.switch_to(name):
            self.close()

    def step(self, by: int) -> None:
        """Switch at once to the previous (-1) or next (+1) player, round the list,
        past those playing in another window."""
        if len(self.store.players()) < 2:
            return   # (the buttons are hidden; Add is right here)
        before = self.store.current_player
        went = step_player(self.store, by)
        self.refresh()
        self._show_message(went.words)
        if self.store.current_player != before:
            self.on_switch(self.store.current_player)

    def _page(self, by: int) -> str | None:
        if self.focus_get() is self.entry or self._grabbed_elsewhere():
            return None
        self.step(by)
        return "break"

    def switch_to(self, name: str) -> bool:
        """Make `name` the current player and tell the app; False if it could not be done."""
        changed = name != self.store.current_player
        try:
            self.store.switch_player(name)
        except ValueError as error:
            self._show_message(str(error))
            return False
        except SaveError as error:   # switched in memory; the file is written later
            self._show_message(str(error))
        else:
            self._show_message("")
        self.refresh()
        if changed:
            self.on_switch(self.store.current_player)
        return True

    # -- adding and renaming ----------------------------------------------------------------
    def start_add(self) -> None:
        if len(self.store.players()) >= MAX_PLAYERS:
            self._show_message(f"There can be at most {MAX_PLAYERS} players. Remove one "
                               "before adding another.")
            return
        self._open_name_box("add", "Type the name of the new player, then press Enter:", "")

    def start_rename(self) -> None:
        name = self.selected()
        if name is None:
            return
        self._renaming = name
        self._open_name_box("rename", f"Type the new name for {name}, then press Enter:", name)

    def _open_name_box(self, mode: str, prompt: str, text: str) -> None:
        self._name_mode = mode
        self._show_message("")
        self.name_prompt.configure(text=prompt)
        self.name.set(text)
        self.name_error.configure(text="")
        self.name_box.grid(row=3, column=0, columnspan=2, sticky="we")
        self.entry.focus_set()
        self.entry.select_range(0, "end")
        self.entry.icursor("end")

    @property
    def name_box_open(self) -> bool:
        return self._name_mode is not None

    def accept_name(self) -> str:
        """Add or rename with the typed name; a bad name is explained under the box."""
        mode, typed = self._name_mode, self.name.get()
        if mode is None:
            return "break"
        was_current = mode == "rename" and self._renaming == self.store.current_player
        try:
            if mode == "add":
                kept = self.store.add_player(typed)
            else:
                kept = self.store.rename_player(self._renaming, typed)
        except ValueError as error:
            self.name_error.configure(text=str(error))
            self.entry.focus_set()
            self.entry.select_range(0, "end")
            return "break"
        except SaveError as error:   # kept in memory; written with the next save that works
            kept = typed.strip()
            self._show_message(str(error))
        self._close_name_box()
        self.refresh(select=kept)
        self.listbox.focus_set()
        if was_current:
            self.on_switch(self.store.current_player)
        return "break"

    def cancel_name(self) -> None:
        self._close_name_box()
        self.listbox.focus_set()

    def _close_name_box(self) -> None:
        self._name_mode = None
        self.name_error.configure(text="")
        self.name_box.grid_remove()

    def _escape_in_entry(self, _event: object = None) -> str:
        self.cancel_name()
        return "break"

    # -- removing -----------------------------------------------------------------------------
    def ask_remove(self) -> None:
        name = self.selected()
        if name is None:
            return
        reason = self.store.why_not_removable(name)
        if reason is not None:   # said before the question, not after a Yes that does nothing
            self._show_message(reason)
            return
        question = (f"Remove {name} from the players?\n\n{name}'s saved games are kept: if "
                    f"this is a mistake, the Bring back button here puts {name} on the list "
                    "again, with every game and the statistics as before.")
        self.confirm = ConfirmDialog(self, "Remove a player", question,
                                     lambda yes: self._answered_remove(name, yes))

    def _answered_remove(self, name: str, yes: bool) -> None:
        self.confirm = None
        if not yes:
            self.listbox.focus_set()
            return
        before = self.store.current_player
        try:
            self.store.remove_player(name)
        except ValueError as error:
            self._show_message(str(error))
            self.listbox.focus_set()
            return
        except SaveError as error:
            self._show_message(str(error))
        else:
            self._show_message(f"{name} was removed.", error=False)
        self.refresh()
        self._offer_bring_back()
        self.listbox.focus_set()
        if self.store.current_player != before:
            self.on_switch(self.store.current_player)

    # -- bringing back a removed player ----------------------------------------------------------
    def open_bring_back(self) -> None:
        """List the removed players whose games are kept, to choose one to bring back."""
        removed = self.store.removed_players()
        if not removed:   # (another window brought them back meanwhile)
            self.refresh()
            self._offer_bring_back()
            self._show_message(NOBODY_TIP)
            return
        self.bring_back_dialog = BringBackDialog(self, removed, self._bring_back)
        self.bring_back_dialog.bind("<Destroy>", self._bring_back_closed, add="+")

    def _bring_back_closed(self, event: tk.Event) -> None:
        if event.widget is self.bring_back_dialog:
            self.bring_back_dialog = None

    def _bring_back(self, player_id: str) -> None:
        try:
            back = self.store.bring_back(player_id)
        except ValueError as error:
            self._show_message(str(error))
            self.refresh()
        except SaveError as error:   # on the list here; written with the next save that works
            self._show_message(str(error))
            self.refresh(select=self.store.name_of(player_id))
        else:
            self.refresh(select=back.name)
            self._show_message(back.words, error=False)
        self._offer_bring_back()
        self.listbox.focus_set()

    # -- keys -------------------------------------------------------------------------------------
    def _grabbed_elsewhere(self) -> bool:
        return self.confirm is not None or self.bring_back_dialog is not None

    def _on_return_in_list(self, _event: object = None) -> str:
        self.play_selected()
        return "break"

