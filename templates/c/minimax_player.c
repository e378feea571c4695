/* A tic-tac-toe (m,n,k) player for the Gomocup protocol: minimax with alpha-beta.
 *
 * Copy it and change it. Build and check it:
 *     cc -O2 -o minimax_player minimax_player.c
 *     tictactoe grade ./minimax_player
 * At the depth limit a position is scored with the course's
 * e(P) = lines still open for me - lines still open for the opponent; a win found sooner
 * scores higher and a loss later scores higher, so searching to the end (DEPTH = 9) it is
 * perfect on 3x3. On larger boards it searches fewer plies (see depth_for), or it would
 * not answer in time.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#define MAX_SIDE 20
#define DEPTH 9           /* plies searched at most; 9 covers all of 3x3 */
#define NODES 1000000.0   /* about how many positions a move may cost within 2 seconds */
#define WIN 100000        /* a win's score, less the plies it takes */

static int width = 3, height = 3;
static int k = 5;                          /* the protocol's game; INFO in_a_row K changes it */
static int board[MAX_SIDE * MAX_SIDE];     /* cell y * width + x: 0 empty, 1 mine, 2 theirs */
static int lines[4 * MAX_SIDE * MAX_SIDE][MAX_SIDE]; /* every run of k cells in a row */
static int line_count;

/* Every run of k cells in a row, column or diagonal. */
static void find_lines(void) {
    static const int steps[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    line_count = 0;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            for (int s = 0; s < 4; s++) {
                int ex = x + (k - 1) * steps[s][0], ey = y + (k - 1) * steps[s][1];
                if (ex < 0 || ex >= width || ey < 0 || ey >= height)
                    continue;
                for (int i = 0; i < k; i++)
                    lines[line_count][i] = (y + i * steps[s][1]) * width + x + i * steps[s][0];
                line_count++;
            }
}

/* 1 or 2 when that side has k in a row, else 0. */
static int winner(void) {
    for (int l = 0; l < line_count; l++) {
        int first = board[lines[l][0]], i = 1;
        while (first && i < k && board[lines[l][i]] == first)
            i++;
        if (first && i == k)
            return first;
    }
    return 0;
}

/* e(P): lines still open for `me` minus lines still open for the opponent. */
static int evaluate(int me) {
    int score = 0;
    for (int l = 0; l < line_count; l++) {
        int mine = 0, theirs = 0;
        for (int i = 0; i < k; i++) {
            mine += board[lines[l][i]] == me;
            theirs += board[lines[l][i]] == 3 - me;
        }
        score += (theirs == 0) - (mine == 0);
    }
    return score;
}

/* The score of the position for `me`, the side to move (negamax). */
static int search(int me, int depth, int alpha, int beta, int ply) {
    if (winner())
        return -(WIN - ply); /* the opponent has just completed a line */
    int empty = 0;
    for (int c = 0; c < width * height; c++)
        empty += board[c] == 0;
    if (empty == 0)
        return 0;
    if (depth == 0)
        return evaluate(me);
    for (int c = 0; c < width * height && alpha < beta; c++) {
        if (board[c])
            continue;
        board[c] = me;
        int score = -search(3 - me, depth - 1, -beta, -alpha, ply + 1);
        board[c] = 0;
        if (score > alpha)
            alpha = score;
    }
    return alpha;
}

/* Every ply left when they fit in DEPTH (3x3 is searched to the end); else as many as keep
 * empty ** depth under NODES, since each ply multiplies the work by the empty cells. */
static int depth_for(int empty) {
    if (empty <= DEPTH)
        return empty;
    int depth = 1;
    for (double work = empty; work * empty <= NODES; work *= empty)
        depth++;
    return depth;
}

/* Plays the best move found and says it as "x,y". */
static void move(void) {
    int best = -1, best_score = -2 * WIN, empty = 0;
    find_lines();
    for (int c = 0; c < width * height; c++)
        empty += board[c] == 0;
    int depth = depth_for(empty);
    for (int c = 0; c < width * height; c++) {
        if (board[c])
            continue;
        board[c] = 1;
        int score = -search(2, depth - 1, -2 * WIN, -best_score, 1);
        board[c] = 0;
        if (score > best_score)
            best = c, best_score = score;
    }
    if (best < 0) {
        printf("ERROR the board is full\n");
    } else {
        board[best] = 1;
        printf("%d,%d\n", best % width, best / width);
    }
    fflush(stdout);
}

static void say(const char *text) {
    printf("%s\n", text);
    fflush(stdout);
}

static int on_board(int x, int y) {
    return x >= 0 && y >= 0 && x < width && y < height;
}

int main(void) {
    char line[256];
    int reading = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        int x, y, who, w, h, n;
        if (reading) {
            if (strcasecmp(line, "DONE") == 0) {
                reading = 0;
                move();
            } else if (sscanf(line, "%d,%d,%d", &x, &y, &who) == 3 && on_board(x, y)) {
                board[y * width + x] = who;
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
        } else if (sscanf(line, "INFO in_a_row %d", &n) == 1) {
            if (n >= 1 && n <= MAX_SIDE)
                k = n;
        } else if (strcasecmp(line, "RESTART") == 0) {
            memset(board, 0, sizeof board);
            say("OK");
        } else if (strcasecmp(line, "BEGIN") == 0) {
            move();
        } else if (sscanf(line, "TURN %d,%d", &x, &y) == 2 && on_board(x, y)) {
            board[y * width + x] = 2;
            move();
        } else if (strcasecmp(line, "BOARD") == 0) {
            memset(board, 0, sizeof board);
            reading = 1;
        } else if (strcasecmp(line, "ABOUT") == 0) {
            say("name=\"minimax template in C\", version=\"1.0\"");
        } else if (strcasecmp(line, "END") == 0) {
            return 0;
        } else if (strncasecmp(line, "INFO", 4) != 0) {
            say("UNKNOWN command");
        }
    }
    return 0;
}
