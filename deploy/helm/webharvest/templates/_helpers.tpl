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
