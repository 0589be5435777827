/* A game server's loop through hupai's C ABI: create a game, ask who must decide and what each
 * may do, answer with an mjai action (here always the first legal one), read the log, free it.
 * It also checks the error paths a server meets: NULL, bad rules, bad JSON, an illegal action.
 * The same loop plays a GB match and a GB hand (the Botzone format), whose logs set flowers
 * aside (`hua`) and name their rules in `start_game`.
 * Prints "game ok: ..." and exits 0 when every check holds. */
#include <stdio.h>
#include <string.h>
#include "hupai.h"

static int failures = 0;

static void expect(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAILED: %s (last error: %s)\n", what, hupai_last_error());
        failures++;
    }
}

/* The first mjai object of a JSON array of flat objects, copied into `out`. */
static int first_action(const char *list, char *out, size_t out_len) {
    const char *start = strchr(list, '{');
    const char *end = start ? strchr(start, '}') : NULL;
    if (!start || !end || (size_t)(end - start + 2) > out_len) return 0;
    memcpy(out, start, (size_t)(end - start + 1));
    out[end - start + 1] = '\0';
    return 1;
}

static int play(const char *rules, uint64_t seed, int players, int total_points) {
    HupaiGame *game = NULL;
    expect(hupai_game_new(rules, seed, &game) == 0 && game != NULL, "hupai_game_new");
    if (!game) return 0;
    static char legal[8192];
    static char action[512];
    int decisions = 0;
    while (!hupai_game_is_over(game)) {
        int to_act = hupai_game_to_act(game);
        int seat = 0;
        while (!(to_act & (1 << seat))) seat++;
        int n = hupai_game_legal_actions(game, seat, legal, sizeof legal);
        expect(n > 2, "legal actions listed");
        expect(first_action(legal, action, sizeof action), "an action in the list");
        if (decisions == 0) {
            /* An illegal action is refused and changes nothing. */
            int events = hupai_game_event_count(game);
            expect(hupai_game_apply(game, seat, "{\"type\":\"pon\",\"pai\":\"E\",\"consumed\":[\"E\",\"E\"]}") ==
                       HUPAI_ERROR_ILLEGAL, "an illegal pon is refused");
            expect(strstr(hupai_last_error(), "may not") != NULL, "the refusal says why");
            expect(hupai_game_apply(game, seat, "{\"type\":") == HUPAI_ERROR_JSON, "bad JSON is refused");
            expect(hupai_game_apply(game, seat, "{\"type\":\"fly\"}") == HUPAI_ERROR_JSON, "a bad action is refused");
            expect(hupai_game_apply(game, seat, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "a NULL action is refused");
            expect(hupai_game_apply(game, 7, action) == HUPAI_ERROR_ILLEGAL, "a seat that does not exist");
            expect(hupai_game_legal_actions(game, seat, legal, 3) == HUPAI_ERROR_BUFFER_TOO_SMALL, "small buffer");
            expect(hupai_game_event_count(game) == events, "the game is unchanged");
        }
        expect(hupai_game_apply(game, seat, action) == 0, "the first legal action is accepted");
        decisions++;
        if (failures) break;
    }
    int32_t scores[4];
    expect(hupai_game_scores(game, scores) == players, "scores");
    int total = 0;
    for (int s = 0; s < players; s++) total += scores[s];
    expect(total == total_points, "points are conserved");
    static char log[1 << 20];
    int count = hupai_game_event_count(game);
    int length = hupai_game_events(game, (size_t)(count - 1), log, sizeof log);
    expect(length > 0 && strstr(log, "\"end_game\"") != NULL, "the log ends with end_game");
    if (strncmp(rules, "gb", 2) == 0) {
        /* The whole log: the rules named, flowers set aside, no riichi. */
        length = hupai_game_events(game, 0, log, sizeof log);
        expect(length > 0 && strstr(log, "\"rules\":\"gb") != NULL, "a GB log names its rules");
        expect(strstr(log, "\"hua\"") != NULL, "a GB log sets flowers aside");
        expect(strstr(log, "\"reach\"") == NULL, "a GB log has no riichi");
    }
    expect(hupai_game_to_act(game) == 0, "nobody acts after the end");
    hupai_game_free(game);
    printf("%s: %d decisions, %d events\n", rules, decisions, count);
    return decisions;
}

int main(void) {
    HupaiGame *game = NULL;
    expect(hupai_game_new("{\"preset\": \"tenhou\", \"players\": 5}", 1, &game) == HUPAI_ERROR_JSON && game == NULL,
           "bad rules are refused");
    expect(strstr(hupai_last_error(), "players") != NULL, "the message names the flag");
    expect(hupai_game_new("tenhou", 1, NULL) == HUPAI_ERROR_NULL_ARGUMENT, "a NULL out_game");
    expect(hupai_game_to_act(NULL) == HUPAI_ERROR_NULL_ARGUMENT, "a NULL game");
    hupai_game_free(NULL);
    expect(hupai_game_new("gb-singel", 1, &game) == HUPAI_ERROR_JSON && game == NULL, "unknown rules are refused");
    expect(strstr(hupai_last_error(), "gb-singel") != NULL, "the message names them");
    /* GB has no riichi: a declaration is refused, with the reason. */
    expect(hupai_game_new("gb", 1, &game) == 0, "a GB game");
    int dealer = hupai_game_to_act(game) == 1 ? 0 : -1;
    expect(dealer == 0, "the dealer, seat 0, acts first");
    expect(hupai_game_apply(game, 0, "{\"type\":\"reach\",\"actor\":0}") == HUPAI_ERROR_ILLEGAL, "no riichi in GB");
    expect(hupai_game_apply(game, 1, "{\"type\":\"none\"}") == HUPAI_ERROR_ILLEGAL, "not seat 1's turn");
    hupai_game_free(game);
    game = NULL;
    int decisions = play("tenhou", 7, 4, 100000) + play("{\"preset\": \"tenhou-3p\", \"length\": \"east\"}", 8, 3, 105000);
    decisions += play("gb", 3, 4, 0) + play("gb-single", 5, 4, 0);
    decisions += play("{\"preset\": \"gb-single\", \"start_wind\": 1, \"start_dealer\": 2}", 6, 4, 0);
    if (failures) {
        printf("game: %d failed\n", failures);
        return 1;
    }
    printf("game ok: %d decisions\n", decisions);
    return 0;
}
