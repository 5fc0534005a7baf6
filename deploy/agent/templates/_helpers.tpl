{{- define "meridian-agent.labels" -}}
app.kubernetes.io/name: meridian-agent
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}


{{/* Enabled meshes, comma-separated (the agent's MERIDIAN_MESHES): the switches under `meshes`,
in key order; the agent detects in its own order whatever this one is. */}}
{{- define "meridian-agent.meshes" -}}
{{- $on := list -}}
{{- range $mesh, $enabled := .Values.meshes -}}
{{- if $enabled -}}{{- $on = append $on $mesh -}}{{- end -}}
{{- end -}}
{{- join "," $on -}}
{{- end -}}
