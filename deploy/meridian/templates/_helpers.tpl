{{/* The objects' base name: the release name, with "-meridian" unless it already says so. */}}
{{- define "meridian.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{- define "meridian.selectorLabels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "meridian.labels" -}}
{{ include "meridian.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "meridian.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* The environment shared by the replicas and the migration Job. */}}
{{- define "meridian.env" -}}
- { name: NODE_ENV, value: production }
- { name: NEXTAUTH_URL, value: {{ required "url is required: the public URL of Meridian, e.g. https://meridian.example.com" .Values.url | quote }} }
- name: DATABASE_URL
  valueFrom: { secretKeyRef: { name: {{ required "database.existingSecret is required" .Values.database.existingSecret | quote }}, key: {{ .Values.database.key | quote }} } }
- name: NEXTAUTH_SECRET
  valueFrom: { secretKeyRef: { name: {{ required "auth.existingSecret is required" .Values.auth.existingSecret | quote }}, key: {{ .Values.auth.nextauthSecretKey | quote }} } }
- name: MERIDIAN_SECRET_KEY
  valueFrom: { secretKeyRef: { name: {{ .Values.auth.existingSecret | quote }}, key: {{ .Values.auth.secretKeyKey | quote }}, optional: true } }
- { name: MERIDIAN_PASSWORD_LOGIN, value: {{ .Values.auth.passwordLogin | toString | quote }} }
{{- if .Values.oidc.enabled }}
- { name: MERIDIAN_OIDC_ISSUER, value: {{ required "oidc.issuer is required when oidc.enabled" .Values.oidc.issuer | quote }} }
- { name: MERIDIAN_OIDC_CLIENT_ID, value: {{ required "oidc.clientId is required when oidc.enabled" .Values.oidc.clientId | quote }} }
- name: MERIDIAN_OIDC_CLIENT_SECRET
  valueFrom: { secretKeyRef: { name: {{ required "oidc.existingSecret is required when oidc.enabled" .Values.oidc.existingSecret | quote }}, key: {{ .Values.oidc.clientSecretKey | quote }} } }
- { name: MERIDIAN_OIDC_NAME, value: {{ .Values.oidc.name | quote }} }
- { name: MERIDIAN_OIDC_SCOPES, value: {{ .Values.oidc.scopes | quote }} }
- { name: MERIDIAN_OIDC_ROLE_CLAIM, value: {{ .Values.oidc.roleClaim | quote }} }
{{- if not (has .Values.oidc.defaultRole (list "none" "viewer" "operator" "admin")) }}
{{- fail (printf "oidc.defaultRole: %q is not none, viewer, operator or admin" .Values.oidc.defaultRole) }}
{{- end }}
- { name: MERIDIAN_OIDC_DEFAULT_ROLE, value: {{ .Values.oidc.defaultRole | quote }} }
{{- if and (not .Values.oidc.roleMapping) (eq .Values.oidc.defaultRole "none") }}
{{- fail "oidc.roleMapping is required when oidc.enabled with defaultRole none, e.g. {meridian-admins: admin}" }}
{{- end }}
{{- range $group, $role := .Values.oidc.roleMapping }}
{{- if not (has $role (list "viewer" "operator" "admin")) }}
{{- fail (printf "oidc.roleMapping.%s: %q is not a role (viewer, operator or admin)" $group $role) }}
{{- end }}
{{- end }}
{{- /* JSON, so group names with commas or "=" (LDAP DNs) survive; Meridian reads both forms. */}}
- { name: MERIDIAN_OIDC_ROLES, value: {{ .Values.oidc.roleMapping | default dict | toJson | quote }} }
{{- else if not .Values.auth.passwordLogin }}
{{- fail "auth.passwordLogin=false needs oidc.enabled: nobody could sign in" }}
{{- end }}
- { name: MERIDIAN_DB_POOL_MAX, value: {{ .Values.database.poolMax | quote }} }
- { name: MERIDIAN_STALE_AFTER_SECONDS, value: {{ .Values.config.staleAfterSeconds | quote }} }
- { name: MERIDIAN_GLOBAL_HOST_STYLE, value: {{ .Values.config.globalHostStyle | quote }} }
- { name: MERIDIAN_METRICS_WINDOW, value: {{ .Values.config.metricsWindow | quote }} }
- { name: MERIDIAN_LOG_LEVEL, value: {{ .Values.config.logLevel | quote }} }
{{- with .Values.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{- define "meridian.podSecurity" -}}
{{- with .Values.imagePullSecrets }}
imagePullSecrets: {{- toYaml . | nindent 2 }}
{{- end }}
securityContext: {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- with .Values.nodeSelector }}
nodeSelector: {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.tolerations }}
tolerations: {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .Values.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- end -}}
