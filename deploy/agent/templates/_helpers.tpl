{{- define "meridian-agent.labels" -}}
app.kubernetes.io/name: meridian-agent
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}


{{/* Enabled meshes, comma-separated (the agent's MERIDIAN_MESHES). */}}
{{- define "meridian-agent.meshes" -}}
{{- $on := list -}}
{{- range $mesh := list "istio" "linkerd" "cilium" "consul" -}}
{{- if index $.Values.meshes $mesh -}}{{- $on = append $on $mesh -}}{{- end -}}
{{- end -}}
{{- join "," $on -}}
{{- end -}}
