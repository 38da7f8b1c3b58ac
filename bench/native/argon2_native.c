/* Native libsodium crypto_pwhash (Argon2id v1.3) timed in C: the yardstick
 * for "within 1.3x of native". libsodium picks its AVX2 fill-block code at
 * run time when the CPU has it; we report whether it does.
 *
 *   argon2_native <t> <m KiB> <tag bytes> <warm-up runs> <timed runs> <password hex> <salt hex>
 *
 * prints one JSON line: {"libsodium": "...", "avx2": true, "tag": "<hex>", "samples_ms": [...]}
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static unsigned char *from_hex(const char *hex, size_t *len) {
  size_t n = strlen(hex) / 2;
  unsigned char *bytes = malloc(n ? n : 1);
  size_t written = 0;
  if (!bytes || sodium_hex2bin(bytes, n, hex, strlen(hex), NULL, &written, NULL) != 0 || written != n) {
    fprintf(stderr, "argon2_native: bad hex \"%s\"\n", hex);
    exit(2);
  }
  *len = n;
  return bytes;
}

int main(int argc, char **argv) {
  if (argc != 8) {
    fprintf(stderr, "usage: %s t m_kib tag_bytes warmup runs password_hex salt_hex\n", argv[0]);
    return 2;
  }
  if (sodium_init() < 0) {
    fprintf(stderr, "argon2_native: sodium_init failed\n");
    return 1;
  }
  unsigned long long t = strtoull(argv[1], NULL, 10);
  size_t m_bytes = (size_t)strtoull(argv[2], NULL, 10) * 1024;
  size_t tag_len = (size_t)strtoull(argv[3], NULL, 10);
  int warmup = atoi(argv[4]);
  int runs = atoi(argv[5]);
  size_t password_len, salt_len;
  unsigned char *password = from_hex(argv[6], &password_len);
  unsigned char *salt = from_hex(argv[7], &salt_len);
  if (salt_len != crypto_pwhash_SALTBYTES || tag_len == 0 || tag_len > 1024 || runs < 1) {
    fprintf(stderr, "argon2_native: salt must be %d bytes, tag 1..1024 bytes, runs >= 1\n", crypto_pwhash_SALTBYTES);
    return 2;
  }

  unsigned char tag[1024];
  double *samples = calloc((size_t)runs, sizeof *samples);
  for (int i = 0; i < warmup + runs; i++) {
    double start = now_ms();
    if (crypto_pwhash(tag, tag_len, (const char *)password, password_len, salt, t, m_bytes,
                      crypto_pwhash_ALG_ARGON2ID13) != 0) {
      fprintf(stderr, "argon2_native: crypto_pwhash failed (out of memory?)\n");
      return 1;
    }
    double elapsed = now_ms() - start;
    if (i >= warmup) samples[i - warmup] = elapsed;
  }

  char hex[2 * 1024 + 1];
  sodium_bin2hex(hex, sizeof hex, tag, tag_len);
  printf("{\"libsodium\": \"%s\", \"avx2\": %s, \"tag\": \"%s\", \"samples_ms\": [",
         sodium_version_string(), sodium_runtime_has_avx2() ? "true" : "false", hex);
  for (int i = 0; i < runs; i++) printf("%s%.3f", i ? ", " : "", samples[i]);
  printf("]}\n");
  free(samples);
  free(password);
  free(salt);
  return 0;
}
