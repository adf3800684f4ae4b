# The game server as a small image: built with the Rust toolchain, run on Debian slim as a non-root user.
#   docker build -t mancala-server .
#   docker run -p 8080:8080 mancala-server                  # SQLite file in /var/lib/mancala
#   docker compose up --build                               # with PostgreSQL (docker-compose.yml)

FROM rust:1.95-bookworm AS builder
WORKDIR /src
# The whole workspace: cargo reads every member's manifest, and migrations/ is embedded in the binary.
# (.dockerignore keeps target/, local databases and .git out of the context.)
COPY . .
RUN cargo build --release --locked -p mancala-server

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --user-group --create-home --home-dir /var/lib/mancala mancala
COPY --from=builder /src/target/release/mancala-server /usr/local/bin/mancala-server
# The certificate authorities, for mail over TLS (smtps:// or STARTTLS: lettre checks the relay's
# certificate against the system's roots, which the slim image lacks); the builder's Debian has them.
COPY --from=builder /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
USER mancala
# Without DATABASE_URL the server keeps its SQLite file (mancala.db) here.
WORKDIR /var/lib/mancala
EXPOSE 8080
# The server's own probe (GET /healthz on port 8080, or MANCALA_ADDR's): the slim image has no curl or wget.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s CMD ["mancala-server", "healthcheck"]
ENTRYPOINT ["mancala-server", "--addr", "0.0.0.0:8080"]
