{{/* Names and labels (the usual chart conventions). */}}
{{- define "gpufleet.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "gpufleet.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{- define "gpufleet.selectorLabels" -}}
app.kubernetes.io/name: {{ include "gpufleet.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "gpufleet.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "gpufleet.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "gpufleet.serviceAccountName" -}}
{{- if .Values.serviceAccount.create }}
{{- default (include "gpufleet.fullname" .) .Values.serviceAccount.name }}
{{- else }}
{{- default "default" .Values.serviceAccount.name }}
{{- end }}
{{- end }}

{{- define "gpufleet.image" -}}
{{- if .Values.image.digest }}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest }}
{{- else }}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) }}
{{- end }}
{{- end }}

{{/* Paths inside the container. */}}
{{- define "gpufleet.configDir" -}}/etc/gpufleet{{- end }}
{{- define "gpufleet.secretDir" -}}/var/run/secrets/gpufleet{{- end }}
{{- define "gpufleet.dataDir" -}}/var/lib/gpufleet{{- end }}

{{/* Refuse settings that cannot work, with one line saying what to set. */}}
{{- define "gpufleet.validate" -}}
{{- $source := .Values.telemetry.source }}
{{- if not (has $source (list "prometheus" "dcgm" "sim")) }}
{{- fail (printf "telemetry.source %q: use prometheus, dcgm or sim" $source) }}
{{- end }}
{{- if and (eq $source "prometheus") (not .Values.telemetry.prometheusUrl) }}
{{- fail "telemetry.source prometheus needs telemetry.prometheusUrl" }}
{{- end }}
{{- if and (eq $source "dcgm") (not .Values.telemetry.dcgmExporters) }}
{{- fail "telemetry.source dcgm needs telemetry.dcgmExporters (one {url, hostname} each)" }}
{{- end }}
{{- if and .Values.apiTokens.identities (not .Values.apiTokens.existingSecret) }}
{{- fail "apiTokens.identities needs apiTokens.existingSecret (a Secret with one key per identity)" }}
{{- end }}
{{- if .Values.slack.enabled }}
{{- if not .Values.slack.existingSecret }}
{{- fail "slack.enabled needs slack.existingSecret (bot token and signing secret or app token)" }}
{{- end }}
{{- if not (or .Values.slack.signingSecretKey .Values.slack.appTokenKey) }}
{{- fail "slack needs slack.signingSecretKey (HTTP mode) or slack.appTokenKey (Socket Mode)" }}
{{- end }}
{{- end }}
{{- if and (gt (int .Values.replicaCount) 1) (not (and .Values.bus.url .Values.state.existingSecret)) }}
{{- fail "replicaCount > 1 needs bus.url (NATS) and state.existingSecret (PostgreSQL): SQLite state has one writer" }}
{{- end }}
{{- if and .Values.alertmanager.alertmanagerConfig.enabled (not (has .Values.alertmanager.identity .Values.apiTokens.identities)) }}
{{- fail (printf "alertmanager.alertmanagerConfig needs %q in apiTokens.identities (its token is the webhook's)" .Values.alertmanager.identity) }}
{{- end }}
{{- if and .Values.kubernetes.executor (not .Values.kubernetes.enabled) }}
{{- fail "kubernetes.executor needs kubernetes.enabled" }}
{{- end }}
{{- end }}

{{/* serve.yaml (service/config.py) as a mapping. */}}
{{- define "gpufleet.serveConfig" -}}
{{- $cfg := include "gpufleet.configDir" . }}
{{- $secrets := include "gpufleet.secretDir" . }}
{{- $source := "sim" }}
{{- if eq .Values.telemetry.source "prometheus" }}
{{- $source = printf "prometheus:%s" .Values.telemetry.prometheusUrl }}
{{- else if eq .Values.telemetry.source "dcgm" }}
{{- $source = printf "dcgm:@%s/exporters.txt" $cfg }}
{{- end }}
{{- $telemetry := dict "source" $source "interval_s" .Values.telemetry.intervalSeconds }}
{{- if .Values.telemetry.nocConfig }}
{{- $_ := set $telemetry "noc_config" (printf "%s/noc.yaml" $cfg) }}
{{- end }}
{{- $tokens := list }}
{{- range .Values.apiTokens.identities }}
{{- $token := dict "identity" . "token_file" (printf "%s/tokens/%s" $secrets .) }}
{{- if eq . $.Values.alertmanager.identity }}
{{- $_ := set $token "roles" (list "service") }}
{{- else if hasKey $.Values.apiTokens.roles . }}
{{- $_ := set $token "roles" (index $.Values.apiTokens.roles .) }}
{{- end }}
{{- $tokens = append $tokens $token }}
{{- end }}
{{- $serve := dict
    "listen" (dict "host" "0.0.0.0" "port" (int .Values.service.port))
    "telemetry" $telemetry
    "sre_config" (printf "%s/sre.yaml" $cfg)
    "policy" (printf "%s/policy.yaml" $cfg)
    "state_dir" (printf "%s/state" (include "gpufleet.dataDir" .))
    "api_tokens" $tokens
    "mcp" (dict "enabled" .Values.mcp.enabled)
    "log_events" .Values.logEvents }}
{{- if .Values.bus.url }}
{{- $_ := set $serve "bus" .Values.bus.url }}
{{- end }}
{{- if .Values.slack.enabled }}
{{- $s := .Values.slack }}
{{- $slack := dict "channel" $s.channel "bot_token_file" (printf "%s/slack/%s" $secrets $s.botTokenKey) "approvers" $s.approvers "min_severity" $s.minSeverity }}
{{- if $s.signingSecretKey }}
{{- $_ := set $slack "signing_secret_file" (printf "%s/slack/%s" $secrets $s.signingSecretKey) }}
{{- end }}
{{- if $s.appTokenKey }}
{{- $_ := set $slack "app_token_file" (printf "%s/slack/%s" $secrets $s.appTokenKey) }}
{{- end }}
{{- if $s.webUrl }}
{{- $_ := set $slack "web_url" $s.webUrl }}
{{- end }}
{{- $_ := set $serve "slack" $slack }}
{{- end }}
{{- toYaml $serve }}
{{- end }}

{{/* sre.yaml (agents/sre/config.py): the chart's keys win over .Values.sre's. */}}
{{- define "gpufleet.sreConfig" -}}
{{- $k := .Values.kubernetes }}
{{- $base := dict }}
{{- if $k.enabled }}
{{- $_ := set $base "kubernetes" (dict "enabled" true "in_cluster" true "dry_run" $k.dryRun "owner_domain" $k.ownerDomain "request_timeout_s" (int $k.requestTimeoutSeconds)) }}
{{- end }}
{{- $store := .Values.metricsStore.url }}
{{- if and (not $store) (eq .Values.telemetry.source "prometheus") }}
{{- $store = .Values.telemetry.prometheusUrl }}
{{- end }}
{{- if $store }}
{{- $_ := set $base "metrics_store" (dict "url" $store) }}
{{- end }}
{{- toYaml (mergeOverwrite (deepCopy .Values.sre) $base) }}
{{- end }}
