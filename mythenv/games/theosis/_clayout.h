/* Generated from mythenv/games/theosis/observe.py (C_DECL) by `python -m mythenv.core.cheaders`: do not edit.
 * The enums and names the game's _cobserve.c reads; see mythenv/core/clayout.py. */
#ifndef MYTHENV_CLAYOUT_H
#define MYTHENV_CLAYOUT_H

/* the state's attributes, fetched at every call (n before the per-seat lists) */
enum attr {
    A_PHASE, A_DEC, A_WINNER, A_N, A_TEAM, A_TURN, A_POOL, A_OFFER, A_CB, A_VIS, A_BONDAGE, A_WARD,
    A_PURSE, A_INITIATIVE, A_RANKING, A_TOKEN, A_OWNER, A_HP, A_POS, A_GOLD, A_ARCH, A_ACTED,
    A_BLACKOUT, A_STEALTH, A_FLIP_W, A_FLIP_A, A_MANA, A_EQ, A_HAND, A_DISC, A_INPLAY, A_PREPARED,
    A_RSHOWN, A_RHEX, A_RIMM, A_GAIA, A_MKIND, A_MPOS, A_MDOWN, A_MSTACK, A_MSTAT, A_MLAST, A_MGONE,
    A_MCB, A_PARA, A_SWAL, A_ENSL, A_ANCHOR, A_KEPT, A_PTURN, A_PFIRST, A_BREV, A_BART, A_MSEAT,
    A_SPOTS, A_TRACK, A_MSUPPLY, A_BJOIN, A_BID, A_MDRAW, A_EHERO, A_EGOLD, A_ESPOT, A_GONE, NATTR
};

/* keys of the combat record cb and of its duel cb["du"], and the value "spell" */
enum key {
    K_ATT, K_TARGETS, K_DU, K_SRC, K_SPELL, K_AC, K_DC, NKEYS
};

/* --- Monsters: the Curses a monster can carry (rules.monsters.MON_CURSES), in the order of their one-hots */
enum mon_curse {
    CURSE_FIERY_PURGE, CURSE_POISON, CURSE_TERROR, CURSE_PACIFY, CURSE_ENTANGLING_ROOTS, NMCURSES
};

/* the pieces of observe.OBSERVER: numbers[P_X] is where piece x starts */
enum piece {
    P_PHASE, P_DECISION, P_TO_MOVE, P_DECIDER, P_TURN, P_HEROES, P_CARDS, P_PILES, P_POOL, P_OFFER,
    P_DEC_HEROES, P_DEC_OTHER, P_DEC_ITEM, P_DEC_CARD, P_COMBAT, P_COMBAT_CARD, P_MISC, P_PREP_TURN,
    P_PREP_FIRST, P_SPOTS, P_TRACKS, P_PURSES, P_SUPPLY, P_BIDS, P_BID_ART, P_PREP_DRAWN, P_PREP_DEC,
    P_ENEMIES, P_ENEMY_TOOK, P_RIT_BOARD, P_RIT_CARDS, P_RIT_SEATS, P_RIT_MARKS, P_RIT_HEROES,
    P_DEC_RITUAL, P_MONSTERS, P_MHEROES, P_MKEPT, P_MSTRIKE, NPIECES
};

/* where the fields of a hero's block start (observe._heroes) */
enum hero_field {
    H_UNCHOSEN = NPIECES, H_ALLY, H_ENEMY, H_ALIVE, H_HEALTH, H_MANA, H_GOLD, H_RANK, H_FLAGS, H_ARCH,
    H_HEX, H_ITEMS, H_TOKENS, H_SPEED, H_END
};

/* where the fields of a Power's block start (observe._pile) */
enum card_field {
    C_OWN_PILE = H_END, C_KNOWN_PILE, C_UNKNOWN, C_END
};

/* --- Monsters: where the fields of a monster's block start (observe._monsters) */
enum monster_field {
    M_ALIVE = C_END, M_HEX, M_TOP, M_DOWN, M_SIZE, M_STAT, M_CURSE, M_GONE, M_TARGET, M_LAST0, M_LAST1,
    M_END
};

/* sizes and counts (observe._c_numbers) */
enum number {
    N_SIZE = M_END, N_PLAYERS, N_HEROES, N_CARDS, N_HF, N_CF, N_TURN_CAP, N_ITEMS, N_RITUALS, N_TURNS,
    N_HEX, N_MF, N_MAXM, N_NTOK, N_CURSE, N_TRACK_W = N_CURSE + NMCURSES, N_TRACK_LEN, N_EF,
    N_PHASE_PREP, N_NUMBERS
};

/* --- Hierapolis: what prep_dec reads of a decision's record (observe._PREP_CODES) */
enum prep_code {
    PREP_NONE, PREP_SPOT, PREP_POWER, PREP_KEEP, PREP_MARKET, PREP_GEM, PREP_BID, PREP_AMOUNT,
    NPREP_CODES
};

/* the entries of the layout tuple (observe.c_layout) */
enum layout {
    LAYOUT_NUMBERS, LAYOUT_PHASES, LAYOUT_KINDS, LAYOUT_HERO_ARG, LAYOUT_TOKEN_CARD, LAYOUT_TOKEN_SLOT,
    LAYOUT_SPEED, LAYOUT_OTHER_ARG, LAYOUT_ITEM_ARG, LAYOUT_CARD_ARG, LAYOUT_RIT_ARG, LAYOUT_PREP_KIND,
    LAYOUT_LEN
};

static const char *const attr_names[NATTR] = {
    "phase", "dec", "winner", "n", "team", "turn", "pool", "offer", "cb", "vis", "bondage", "ward",
    "purse", "initiative", "ranking", "token", "owner", "hp", "pos", "gold", "arch", "acted",
    "blackout", "stealth", "flip_w", "flip_a", "mana", "eq", "hand", "disc", "inplay", "prepared",
    "rshown", "rhex", "rimm", "gaia", "mkind", "mpos", "mdown", "mstack", "mstat", "mlast", "mgone",
    "mcb", "para", "swal", "ensl", "anchor", "kept", "pturn", "pfirst", "brev", "bart", "mseat",
    "spots", "track", "msupply", "bjoin", "bid", "mdraw", "ehero", "egold", "espot", "gone"
};

static const char *const key_names[NKEYS] = {
    "att", "targets", "du", "src", "spell", "ac", "dc"
};

#endif
