$script:BaseUri = 'https://rest.runpod.io/v1'

function Remove-RunPodVolume([string]$Id) {
    Invoke-RestMethod -Method Delete `
        -Uri "$script:BaseUri/networkvolumes/$Id" `
        -Headers @{ Authorization = "Bearer $env:RUNPOD_API_KEY" }
}
