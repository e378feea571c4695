/* A player for the Gomocup protocol that answers a random empty cell.
 *
 * Copy it and give it a search. Build and check it:
 *     cc -O2 -o random_player random_player.c
 *     tictactoe grade ./random_player
 * The grader puts every position of tic-tac-toe to it and lists the moves that were not
 * best. Commands come one a line on standard input; answers go one a line to standard
 * output, flushed at once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#define MAX_SIDE 20

static int width = 3, height = 3;
static int board[MAX_SIDE][MAX_SIDE]; /* [y][x]: 0 empty, 1 mine, 2 the opponent's */

static void say(const char *text) {
    printf("%s\n", text);
    fflush(stdout);
}

/* Plays a random empty cell and says it as "x,y". */
static void move(void) {
    int empty = 0;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            empty += board[y][x] == 0;
    if (empty == 0) {
        say("ERROR the board is full");
        return;
    }
    int pick = rand() % empty;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            if (board[y][x] == 0 && pick-- == 0) {
                board[y][x] = 1;
                printf("%d,%d\n", x, y);
                fflush(stdout);
                return;
            }
}

static int on_board(int x, int y) {
    return x >= 0 && y >= 0 && x < width && y < height;
}

int main(void) {
    char line[256];
    int reading = 0;
    srand((unsigned)time(NULL));
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        int x, y, who, w, h;
        if (reading) {
            if (strcasecmp(line, "DONE") == 0) {
                reading = 0;
                move();
            } else if (sscanf(line, "%d,%d,%d", &x, &y, &who) == 3 && on_board(x, y)) {
                board[y][x] = who;
            }
        } else if (sscanf(line, "RECTSTART %d,%d", &w, &h) == 2 || sscanf(line, "START %d", &w) == 1) {
            if (strncasecmp(line, "START", 5) == 0)
                h = w;
            if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
                say("ERROR unsupported size");
                continue;
            }
            width = w, height = h;
            memset(board, 0, sizeof board);
            say("OK");
        } else if (strcasecmp(line, "RESTART") == 0) {
            memset(board, 0, sizeof board);
            say("OK");
        } else if (strcasecmp(line, "BEGIN") == 0) {
            move();
        } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2 && on_board(x, y)) {
            board[y][x] = 2;
            move();
        } else if (strcasecmp(line, "BOARD") == 0) {
            memset(board, 0, sizeof board);
            reading = 1;
        } else if (strcasecmp(line, "ABOUT") == 0) {
            say("name=\"random template\", version=\"1.0\"");
        } else if (strcasecmp(line, "END") == 0) {
            return 0;
        } else if (strncasecmp(line, "INFO", 4) != 0) {
            say("UNKNOWN command");
        }
    }
    return 0;
}
