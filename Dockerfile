# syntax=docker/dockerfile:1
# Scoop: a static, cgo-free binary (the SQLite driver is pure Go) on a
# minimal base image.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags="-s -w" -o /out/scoop ./cmd/scoop
# The data directory, owned by the runtime image's nonroot user (65532):
# distroless has no shell to create it there, and a WORKDIR would make it
# root-owned, so the SQLite default could not be written.
RUN mkdir -p /out/data && chown 65532:65532 /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/scoop /usr/local/bin/scoop
# The SQLite default lives here when no DATABASE_URL is given.
COPY --from=build --chown=65532:65532 /out/data /var/lib/scoop
WORKDIR /var/lib/scoop
ENV SCOOP_ADDR=:8080 SCOOP_SQLITE=/var/lib/scoop/scoop.db
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/usr/local/bin/scoop"]
CMD ["serve"]
