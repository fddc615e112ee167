{{/* Chart name, overridable. */}}
{{- define "webharvest.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Release-scoped base name; per-service objects append the service name. */}}
{{- define "webharvest.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 39 | trimSuffix "-" -}}
{{- else if contains (include "webharvest.name" .) .Release.Name -}}
{{- .Release.Name | trunc 39 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name (include "webharvest.name" .) | trunc 39 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "webharvest.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "webharvest.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one service; call with (dict "root" $ "service" $name). */}}
{{- define "webharvest.selectorLabels" -}}
app.kubernetes.io/name: {{ include "webharvest.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .service }}
{{- end -}}

{{/* Image of a service; call with (dict "root" $ "kind" "default"|"browser"). */}}
{{- define "webharvest.image" -}}
{{- $repository := ternary .root.Values.image.browserRepository .root.Values.image.repository (eq .kind "browser") -}}
{{- printf "%s:%s" $repository (default .root.Chart.AppVersion .root.Values.image.tag) -}}
{{- end -}}

{{/* Name of the Secret holding DATABASE_URL. */}}
{{- define "webharvest.databaseSecret" -}}
{{- if .Values.database.existingSecret -}}
{{- .Values.database.existingSecret -}}
{{- else -}}
{{- printf "%s-database" (include "webharvest.fullname" .) -}}
{{- end -}}
{{- end -}}

{{/* The DATABASE_URL env entry; fails the render when no database is configured. */}}
{{- define "webharvest.databaseEnv" -}}
{{- if not (or .Values.database.existingSecret .Values.database.url) -}}
{{- fail "set database.existingSecret (a Secret with the Postgres URL) or database.url" -}}
{{- end -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "webharvest.databaseSecret" . }}
      key: {{ .Values.database.secretKey }}
{{- end -}}

{{/* WH_NAMESPACE, validated like the services validate it. */}}
{{- define "webharvest.namespacePrefix" -}}
{{- if not (regexMatch "^[a-z][a-z0-9_]{0,30}$" .Values.namespacePrefix) -}}
{{- fail "namespacePrefix must match ^[a-z][a-z0-9_]{0,30}$" -}}
{{- end -}}
{{- .Values.namespacePrefix -}}
{{- end -}}

{{/* The public (gateway) service's name and port, for the Ingress and NOTES. */}}
{{- define "webharvest.publicService" -}}
{{- range $name, $svc := .Values.services -}}
{{- if and $svc.enabled $svc.public -}}{{ $name }}{{- end -}}
{{- end -}}
{{- end -}}

{{/* STORAGE_URL (and S3 credentials from a Secret), for services that keep files or profiles. */}}
{{- define "webharvest.storageEnv" -}}
{{- if eq .Values.storage.type "s3" -}}
{{- $s3 := .Values.storage.s3 -}}
{{- $query := printf "region=%s&forcePathStyle=%t" $s3.region $s3.forcePathStyle -}}
{{- if $s3.endpoint }}{{ $query = printf "%s&endpoint=%s" $query $s3.endpoint }}{{ end -}}
- name: STORAGE_URL
  value: {{ printf "s3://%s/%s?%s" $s3.bucket (trimSuffix "/" $s3.prefix) $query | quote }}
{{- if $s3.existingSecret }}
- name: AWS_ACCESS_KEY_ID
  valueFrom:
    secretKeyRef:
      name: {{ $s3.existingSecret }}
      key: {{ $s3.accessKeyIdKey }}
- name: AWS_SECRET_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $s3.existingSecret }}
      key: {{ $s3.secretAccessKeyKey }}
{{- end }}
{{- else -}}
# One pod's own folder on its /tmp volume: only for single replicas (values.schema.json).
- name: STORAGE_URL
  value: file:///tmp/webharvest-files
{{- end -}}
{{- end -}}

{{/* Name of the Secret holding FILES_URL_SECRET. */}}
{{- define "webharvest.filesUrlSecret" -}}
{{- .Values.filesUrlSecret.existingSecret | default (printf "%s-files-url" (include "webharvest.fullname" .)) -}}
{{- end -}}

{{/* A variable from a key of a Secret; call with (dict "name" "ENV" "secret" "name" "key" "key" "optional" bool). */}}
{{- define "webharvest.secretEnv" -}}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: {{ .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/*
The settings one service reads beyond the common ones, from the chart's values; call with (dict "root" $ "service"
$name). chart.spec.ts checks these against each service's config class.
*/}}
{{- define "webharvest.serviceEnv" -}}
{{- $v := .root.Values -}}
{{- if has .service (list "api-gateway" "scrape-worker" "crawl-scheduler" "browser-session-manager") }}
- name: ALLOW_PRIVATE_TARGETS
  value: {{ $v.allowPrivateTargets | toString | quote }}
{{- end }}
{{- if eq .service "api-gateway" }}
- name: PUBLIC_BASE_URL
  value: {{ $v.publicBaseUrl | quote }}
{{ include "webharvest.storageEnv" .root }}
{{ include "webharvest.secretEnv" (dict "name" "FILES_URL_SECRET" "secret" (include "webharvest.filesUrlSecret" .root) "key" $v.filesUrlSecret.secretKey) }}
{{- else if eq .service "scrape-worker" }}
{{ include "webharvest.storageEnv" .root }}
{{- if $v.proxies.existingSecret }}
{{ include "webharvest.secretEnv" (dict "name" "PROXY_BASIC" "secret" $v.proxies.existingSecret "key" "PROXY_BASIC" "optional" true) }}
{{ include "webharvest.secretEnv" (dict "name" "PROXY_ENHANCED" "secret" $v.proxies.existingSecret "key" "PROXY_ENHANCED" "optional" true) }}
{{ include "webharvest.secretEnv" (dict "name" "PROXY_BY_COUNTRY" "secret" $v.proxies.existingSecret "key" "PROXY_BY_COUNTRY" "optional" true) }}
{{- else }}
- name: PROXY_BASIC
  value: {{ join "," $v.proxies.basic | quote }}
- name: PROXY_ENHANCED
  value: {{ join "," $v.proxies.enhanced | quote }}
- name: PROXY_BY_COUNTRY
  value: {{ include "webharvest.proxiesByCountry" $v.proxies.byCountry | quote }}
{{- end }}
{{- $lists := list -}}
{{- if $v.filterLists.default }}{{ $lists = append $lists "default" }}{{ end -}}
{{- range $v.filterLists.extra }}{{ $lists = append $lists (printf "/etc/webharvest/filter-lists/%s" .) }}{{ end }}
- name: ADBLOCK_LISTS
  value: {{ join "," $lists | quote }}
{{- if $v.filterLists.extra }}
# The image's compiled engine covers the default lists only; the engine for these is compiled on the /tmp volume.
- name: ADBLOCK_CACHE_DIR
  value: /tmp/adblock-cache
{{- end }}
{{- else if eq .service "crawl-scheduler" }}
# Webhook bodies carry links to stored screenshots and PDFs, signed with the gateways' key on the public URL.
- name: PUBLIC_BASE_URL
  value: {{ $v.publicBaseUrl | quote }}
{{ include "webharvest.secretEnv" (dict "name" "FILES_URL_SECRET" "secret" (include "webharvest.filesUrlSecret" .root) "key" $v.filesUrlSecret.secretKey) }}
{{- else if eq .service "browser-session-manager" }}
{{ include "webharvest.storageEnv" .root }}
{{- else if eq .service "extract-service" }}
- name: LLM_BASE_URL
  value: {{ $v.llm.baseUrl | quote }}
- name: LLM_MODEL
  value: {{ $v.llm.model | quote }}
{{- if $v.llm.existingSecret }}
{{ include "webharvest.secretEnv" (dict "name" "LLM_API_KEY" "secret" $v.llm.existingSecret "key" $v.llm.apiKeyKey) }}
{{- end }}
- name: LLM_CONTEXT_TOKENS
  value: {{ $v.llm.contextTokens | toString | quote }}
- name: LLM_MAX_OUTPUT_TOKENS
  value: {{ $v.llm.maxOutputTokens | toString | quote }}
- name: LLM_TIMEOUT_MS
  value: {{ $v.llm.timeoutMs | toString | quote }}
- name: LLM_MAX_CONCURRENCY
  value: {{ $v.llm.maxConcurrency | toString | quote }}
{{- if $v.search.existingSecret }}
{{ include "webharvest.secretEnv" (dict "name" "SEARCH_URL" "secret" $v.search.existingSecret "key" "SEARCH_URL") }}
{{- else }}
- name: SEARCH_URL
  value: {{ $v.search.url | quote }}
{{- end }}
- name: SEARCH_TIMEOUT_MS
  value: {{ $v.search.timeoutMs | toString | quote }}
- name: SEARCH_MAX_CONCURRENCY
  value: {{ $v.search.maxConcurrency | toString | quote }}
{{- end }}
{{- end -}}

{{/* PROXY_BY_COUNTRY from a map of country to a list of proxy URLs: DE=http://a|http://b,FR=http://c. */}}
{{- define "webharvest.proxiesByCountry" -}}
{{- $entries := list -}}
{{- range $country, $proxies := . -}}
{{- $entries = append $entries (printf "%s=%s" $country (join "|" $proxies)) -}}
{{- end -}}
{{- join "," $entries -}}
{{- end -}}
